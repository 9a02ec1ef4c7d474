/// <reference types="vitest/config" />
// Builds the console (runtime/) into dist/ and configures Vitest for every test layer.
import { join } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { deepImports } from './build/deepImports.ts';
import { startupGroup } from './build/startupChunk.ts';
import { activitySafeMotion } from './build/activitySafeMotion.ts';

/** Modules of the template demo pages (runtime/pages/demos/). */
const DEMO_PAGES = /[\\/]runtime[\\/]pages[\\/]demos[\\/]/;

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? process.env.PORT ?? 8080}`;

export default defineConfig({
  root: 'runtime',
  publicDir: 'public',
  plugins: [
    react(),
    activitySafeMotion(),
    deepImports(import.meta.dirname, [
      { name: 'antd', index: 'es/index.js' },
      { name: '@ant-design/icons', index: 'es/icons/index.js' },
    ]),
  ],
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    // every browser the console supports knows <link rel="modulepreload">; without it modules still
    // load, only unpreloaded, so the polyfill's bytes are left out of the first load
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: { groups: [startupGroup(join(import.meta.dirname, 'runtime/main.tsx'))] },
        // the template demo pages' code is named as such, so that the pages bench and the sign-in
        // test can tell that the sign-in and generic pages download none of it
        chunkFileNames: (chunk) =>
          chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => DEMO_PAGES.test(id))
            ? 'assets/demo-[name]-[hash].js'
            : 'assets/[name]-[hash].js',
      },
    },
  },
  // the dev server pre-bundles antd with rc-motion: the same change there
  optimizeDeps: { rolldownOptions: { plugins: [activitySafeMotion()] } },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': apiTarget, '/api-docs': apiTarget, '/metrics': apiTarget },
  },
  test: {
    root: '.',
    include: [
      'tests/unit/**/*.test.ts',
      'tests/unit/**/*.test.tsx',
      'tests/api/**/*.test.ts',
      'runtime/**/*.test.{ts,tsx}',
      'designer/**/*.test.{ts,tsx}',
    ],
    setupFiles: ['tests/fastCheck.setup.ts'],
    testTimeout: 30000,
    hookTimeout: 60000,
    pool: 'forks',
  },
});
