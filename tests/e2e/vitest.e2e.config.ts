// End-to-end tests of the console in real Chromium against the real server.
// Build first: `npx vite build`; then `npx vitest run -c tests/e2e/vitest.e2e.config.ts`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: '.',
    include: ['tests/e2e/**/*.e2e.test.ts'],
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
