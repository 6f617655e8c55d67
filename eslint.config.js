import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

// The server's domain modules (apps/server/src/modules/<domain>, DESIGN 1).
const SERVER_MODULES = ['identity', 'wallet', 'cashier', 'exchange', 'backoffice', 'site'];
const SERVER_SRC = './apps/server/src';

/**
 * Who may import what of module `name`: from outside it, only its entry (index.ts) and, for
 * foreign keys and reports, its tables.ts. The wallet's tables are not even that: money is
 * read and written through the wallet's entry alone.
 */
function moduleZone(name) {
  const others = SERVER_MODULES.filter((other) => other !== name);
  return {
    target: [
      ...others.map((other) => `${SERVER_SRC}/modules/${other}/**`),
      `${SERVER_SRC}/*.ts`,
      `${SERVER_SRC}/!(modules|test)/**`,
    ],
    from: `${SERVER_SRC}/modules/${name}`,
    except: name === 'wallet' ? ['./index.ts'] : ['./index.ts', './tables.ts'],
    message:
      name === 'wallet'
        ? "Money moves through the wallet module's entry only: import modules/wallet/index.ts."
        : `Import the ${name} module through its entry, modules/${name}/index.ts.`,
  };
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'coverage/**',
      'apps/server/drizzle/**',
      // Mutation testing output (npm run mutation): Stryker's sandbox copies and reports.
      '.stryker-tmp/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/backoffice/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // No import cycles anywhere (type-only imports cannot form one at run time).
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-duplicates': 'error',
    },
  },
  {
    // Module boundaries on the server (issue 12). Tests and test helpers may reach inside a
    // module to arrange a case; production code may not.
    files: ['apps/server/src/**/*.ts'],
    // db/schema.ts gathers every table for the database client alone (next block).
    ignores: ['**/*.test.ts', 'apps/server/src/test/**', 'apps/server/src/db/schema.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: SERVER_MODULES.map(moduleZone) }],
    },
  },
  {
    // Only the database client sees every table at once; code imports its owner's tables.
    files: ['apps/server/src/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts'],
    ignores: ['apps/server/src/db/database.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: 'db/schema(\\.ts)?$',
              message: "Import a table from its owner's tables.ts (db/schema.ts is the client's).",
            },
          ],
        },
      ],
    },
  },
  {
    // Domain maths stays pure (DESIGN 1): core may not reach for I/O.
    files: ['packages/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'fs', 'net', 'http', 'pg', '@electric-sql/*', 'socket.io*'] },
      ],
    },
  },
);
