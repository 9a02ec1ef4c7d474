// Lint rules for the whole package: TypeScript (strict, type-aware where cheap) and React hooks.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', '.tmp/**', 'node_modules/**', 'runtime/generated/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  // No import cycles between modules: a cycle makes the evaluation order decide which side sees
  // the other's bindings as undefined. Imports of types only are erased and do not count.
  {
    files: ['**/*.ts', '**/*.tsx'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    // A lazily loaded page (`() => import(...)` in a page registry) may import the modules that
    // register it: it is evaluated long after they are, so the loop cannot see a binding unset.
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: true }] },
  },
  // Tenancy lives in one layer: outside server-mock/access/ and server-mock/db/, server code
  // reaches the database only through the stores of the access layer (docs/permissions.md).
  {
    files: ['server-mock/**/*.ts'],
    ignores: [
      'server-mock/access/**',
      'server-mock/db/**',
      // the composition root: opens the database, migrates it and hands the stores out
      'server-mock/app/startServer.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'kysely', message: 'Query through the access layer (server-mock/access/: TenantData, SystemStore), not Kysely.' },
          ],
          patterns: [
            {
              regex: '(^|/)db/(database|dialect|sqliteDriver|pgStatements|sqlTemplate|migrate)(\\.ts)?$',
              message: 'The raw database is reached only from server-mock/access/ and server-mock/db/: use the stores of the access layer.',
            },
            {
              regex: '(^|/)db/anyKysely(\\.ts)?$',
              importNames: ['AnyKysely'],
              message: 'The raw database is reached only from server-mock/access/ and server-mock/db/: use the stores of the access layer.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['runtime/**/*.tsx', 'runtime/**/*.ts', 'designer/**/*.tsx', 'designer/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
