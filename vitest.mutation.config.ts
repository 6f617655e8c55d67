import { defineConfig } from 'vitest/config';

// Stryker's vitest runner runs its tests in worker threads ("pool: threads", its own choice),
// where a test's `process.env.TZ = …` changes the thread's copy of the environment but not the
// zone dates use: core's time test, which sets New York at run time, then read the machine's
// zone (`expected 18 to be 13` on a UTC machine). The zone is set here instead, in the main
// thread of Stryker's test process before any worker starts, where Node does apply it.
process.env.TZ = 'America/New_York';

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
