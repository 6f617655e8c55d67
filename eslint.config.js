import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

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
    // Front-end module boundaries (issue 12, zones above): no import cycles; a feature is
    // reached only through app/ (the routes), never from another feature; shared/ sits below
    // features/ and app/; the client kit sits below both apps.
    files: [
      'apps/web/src/**/*.{ts,tsx}',
      'apps/backoffice/src/**/*.{ts,tsx}',
      'packages/client/src/**/*.ts',
    ],
    plugins: { 'import-x': importX },
    settings: {
      // TypeScript sources are modules to follow (import-x's own default is .js only).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          noWarnOnMultipleProjects: true,
          project: [
            'apps/web/tsconfig.json',
            'apps/backoffice/tsconfig.json',
            'packages/client/tsconfig.json',
          ],
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: frontEndZones },
      ],
    },
  },
);
