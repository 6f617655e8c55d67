import { defineConfig } from 'vitest/config';

// Stryker's vitest runner runs this config, not the root one: mutation testing covers
// packages/core only (DESIGN 8), so the server, web and e2e projects (databases, browsers)
// must not start for every mutant.
export default defineConfig({
  test: {
    include: ['packages/core/src/**/*.test.ts'],
    environment: 'node',
    // Every mutant reruns the property tests on a machine Stryker keeps busy; a slow run is
    // not a failure (Stryker's own timeout catches mutants that loop).
    testTimeout: 60_000,
  },
});
