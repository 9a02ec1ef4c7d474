/** `npm start` / `npm run serve`: the console and the API on one port. */
import { startServer } from './app/startServer.ts';
import { RegistryError } from '../schemas/registry/loadRegistry.ts';
import { DEMO_USERS } from './seed/demoData.ts';

async function main(): Promise<void> {
  const server = await startServer();
  const { config } = server;
  const where = server.database.location;
  const lines = ['', `  Console and API: ${server.url}/`, `  API description: ${server.url}/swagger`, `  Database:        ${where}`];
  if (server.seeded) {
    lines.push(
      '',
      '  Demo accounts were created (tenant / username):',
      ...DEMO_USERS.map((u) => `    ${u.tenantCode} / ${u.username}  (${u.role})`),
      `  Password: ${process.env.DEMO_PASSWORD ? 'the value of DEMO_PASSWORD' : config.demoPassword}`,
    );
  } else {
    lines.push('', '  Demo accounts exist if they were not changed: tenant demo, users admin / editor / visitor.');
  }
  console.log(lines.join('\n') + '\n');
  const stop = async () => {
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((err: unknown) => {
  if (err instanceof RegistryError) console.error(err.message);
  else console.error(err);
  process.exit(1);
});
