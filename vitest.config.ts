import { defineConfig } from 'vitest/config';

// One runner, one summary: each test layer is a vitest project (DESIGN 8).
export default defineConfig({
  test: {
    // Vitest's default on CI's 2 cores is one worker (cores − 1), which ran every server file
    // one after another (31 min); server files mostly wait on PGlite, sockets and timers, so two
    // workers overlap that waiting. Each file has its own database and Redis prefix (harness.ts).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'core',
          include: ['packages/*/src/**/*.test.ts'],
          environment: 'node',
          // Property tests are pure CPU; beside a server file on the other worker they can pass 5 s.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // A page's first test transforms its lazy modules; on 2 busy cores that can pass 5 s.
          testTimeout: 20_000,
        },
      },
      {
        extends: './apps/backoffice/vite.config.ts',
        test: {
          name: 'backoffice',
          root: './apps/backoffice',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['../../vitest.setup-dom.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          globalSetup: ['./e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
