import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

// The server's domain modules (apps/server/src/modules/<domain>, DESIGN 1).
const SERVER_MODULES = [
  'identity',
  'wallet',
  'cashier',
  'casino',
  'crash',
  'exchange',
  'backoffice',
  'site',
  'regions',
  'safer-play',
  'play-money',
  'privacy',
  'contact',
  'content',
  'referral',
  'bonus',
  'sportsbook',
];
const SERVER_SRC = './apps/server/src';

/**
 * The direction between server modules (issue 41 item 2, docs/decisions.md "Module direction
 * on the server"): a module imports only modules of LOWER layers (through their entry), never
 * one of its own layer or a higher one, so no loop can come back (wallet -> identity was one).
 * site (settings, app details) < wallet (money), regions (where play is allowed) < identity
 * (players, staff; opens a player's wallet) < bonus (offers, a player's bonuses and their
 * wagering; the grants a deposit's approval makes) < referral (a player's invites; the reward the
 * cashier has it pay inside a deposit's approval) < cashier, casino, crash, exchange, sportsbook (products), safer-play
 * (limits, reality checks, exclusions), play-money (the points allowance), contact (the contact
 * form's messages), content (the operator's pages; staff names from identity) < backoffice (staff
 * screens over them all), privacy (a player's data across every module).
 */
const SERVER_LAYERS = [
  ['site'],
  ['wallet', 'regions'],
  ['identity'],
  ['bonus'],
  ['referral'],
  [
    'cashier',
    'casino',
    'crash',
    'exchange',
    'sportsbook',
    'safer-play',
    'play-money',
    'contact',
    'content',
  ],
  ['backoffice', 'privacy'],
];

/** The zones refusing an import of a module of the same or a higher layer. */
function directionZones() {
  return SERVER_LAYERS.flatMap((layer, level) => {
    const notBelow = SERVER_LAYERS.slice(level).flat();
    return layer.flatMap((name) =>
      notBelow
        .filter((other) => other !== name)
        .map((other) => ({
          target: `${SERVER_SRC}/modules/${name}/**`,
          from: `${SERVER_SRC}/modules/${other}`,
          message: `Module direction: ${name} sits below ${other} (or beside it) and may not import it; move the code down or pass it in (eslint.config.js SERVER_LAYERS).`,
        })),
    );
  });
}

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

// ---- Front-end module boundaries (issue 12): apps/web, apps/backoffice, packages/client ----
const FRONT_ENDS = ['apps/web/src', 'apps/backoffice/src'];
const featuresOf = (src) =>
  readdirSync(new URL(`${src}/features`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const frontEndZones = [
  ...FRONT_ENDS.flatMap((src) => [
    // One zone per feature (the rule has no "same folder" capture): every other feature is out.
    ...featuresOf(src).map((feature) => ({
      target: `./${src}/features/${feature}`,
      from: `./${src}/features`,
      except: [`./${feature}`],
      message:
        'A feature does not import another feature: move what both need to shared/ or @spm/client.',
    })),
    {
      target: `./${src}/features`,
      from: `./${src}/app`,
      message: 'A feature does not import app/: the app wires features, not the reverse.',
    },
    {
      target: `./${src}/shared`,
      from: [`./${src}/features`, `./${src}/app`],
      message: 'shared/ sits below features/ and app/ and imports neither.',
    },
  ]),
  {
    target: './packages/client',
    from: './apps',
    message: 'The client kit serves both apps and imports from neither.',
  },
];
// ---- end of front-end boundaries ----

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
      // TypeScript sources are modules to follow (import-x's own default is .js only).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
          project: [
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
            'apps/backoffice/tsconfig.json',
            'packages/client/tsconfig.json',
            'packages/contract/tsconfig.json',
            'packages/core/tsconfig.json',
          ],
        }),
      ],
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
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...SERVER_MODULES.map(moduleZone), ...directionZones()] },
      ],
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
    // On Node 20 an object literal with anything after a spread gets a new hidden class each
    // time it runs, and what it allocates mostly outlives the young generation: in code that
    // runs per request, objectWith (@spm/core) instead (docs/decisions.md "No spread before
    // other properties").
    files: ['apps/server/src/**/*.ts', 'packages/core/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ObjectExpression > SpreadElement ~ *',
          message:
            'Nothing after a spread in an object literal: objectWith(base, { ... }) from @spm/core, or the spread last.',
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
  {
    // Front-end module boundaries (issue 12, zones above): a feature is reached only through app/ (the routes), never from another feature; shared/ sits below
    // features/ and app/; the client kit sits below both apps.
    files: [
      'apps/web/src/**/*.{ts,tsx}',
      'apps/backoffice/src/**/*.{ts,tsx}',
      'packages/client/src/**/*.ts',
    ],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: frontEndZones },
      ],
    },
  },
);
