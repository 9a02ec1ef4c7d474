/**
 * A job worker from the command line, with the example processors (worker/exampleProcessors.ts):
 *
 *   node --import tsx worker/main.ts --server http://127.0.0.1:3000 --tenant demo --app console \
 *     --client worker --secret <client secret> [--address worker-1] [--concurrency 4]
 *
 * Each option can also come from the environment (JOB_SERVER, JOB_TENANT, JOB_APP, JOB_CLIENT,
 * JOB_CLIENT_SECRET, JOB_WORKER_ADDRESS, JOB_CONCURRENCY). It prints "registered as worker N"
 * once registered, and stops on SIGINT or SIGTERM.
 */
import { hostname } from 'node:os';
import { parseArgs } from 'node:util';
import { JobWorker } from './jobWorker.ts';
import { exampleProcessors } from './exampleProcessors.ts';

const { values } = parseArgs({
  options: {
    server: { type: 'string', default: process.env.JOB_SERVER },
    tenant: { type: 'string', default: process.env.JOB_TENANT },
    app: { type: 'string', default: process.env.JOB_APP },
    client: { type: 'string', default: process.env.JOB_CLIENT },
    secret: { type: 'string', default: process.env.JOB_CLIENT_SECRET },
    address: { type: 'string', default: process.env.JOB_WORKER_ADDRESS ?? `${hostname()}:${process.pid}` },
    concurrency: { type: 'string', default: process.env.JOB_CONCURRENCY ?? '4' },
  },
});

const missing = (['server', 'tenant', 'app', 'client', 'secret'] as const).filter((k) => !values[k]);
if (missing.length) {
  console.error(`Missing ${missing.map((k) => `--${k}`).join(', ')} (see worker/main.ts)`);
  process.exit(2);
}

const worker = new JobWorker({
  server: values.server!,
  tenantCode: values.tenant!,
  appName: values.app!,
  clientCode: values.client!,
  clientSecret: values.secret!,
  address: values.address!,
  concurrency: Number(values.concurrency) || 4,
  processors: exampleProcessors,
  log: (line) => console.log(line),
});

try {
  await worker.start();
} catch (err) {
  console.error(`The worker could not start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    void worker.stop().then(() => process.exit(0));
  });
