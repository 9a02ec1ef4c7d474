/**
 * `npm run dev`: the API server on API_PORT (default 8081) and Vite with hot reload in front
 * of it on VITE_PORT (default 5173), proxying /api and /swagger to the server.
 */
import { createServer } from 'vite';
import { startServer } from './app/startServer.ts';

const apiPort = Number(process.env.API_PORT ?? 8081);
process.env.API_PORT = String(apiPort);
// the development mock API is on unless MOCK_API says otherwise (docs/mock-api.md)
process.env.MOCK_API ??= '1';

const api = await startServer({ port: apiPort, host: '127.0.0.1' });
const vite = await createServer({ configFile: 'vite.config.ts' });
await vite.listen();
console.log(`\n  API server: ${api.url}`);
vite.printUrls();
const stop = async () => {
  await vite.close();
  await api.close();
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
