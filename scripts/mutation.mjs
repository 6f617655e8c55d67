/**
 * `npm run mutation`: Stryker on packages/core (DESIGN 8), config in stryker.config.json.
 *
 * A launcher instead of `stryker run`, so that the per-file gate runs after Stryker's report.
 * Arguments are passed through, e.g. `npm run mutation -- --mutate packages/core/src/ledger.ts`.
 * After the run it prints each file's score and fails below the money files' minimum
 * (scripts/mutation-scores.mjs).
 */
process.argv.splice(2, 0, 'run');
const { Stryker, StrykerCli } = await import('@stryker-mutator/core');
const { checkMutationScores } = await import('./mutation-scores.mjs');
new StrykerCli(process.argv, undefined, async (options) => {
  const results = await new Stryker(options).runMutationTest();
  await checkMutationScores();
  return results;
}).run();
