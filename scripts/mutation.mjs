/**
 * `npm run mutation`: Stryker on packages/core (DESIGN 8), config in stryker.config.json.
 *
 * Why a launcher instead of calling `stryker run`: Stryker 10 declares Node >= 22 and its CLI
 * refuses older versions when it is imported, while this project's machines and CI run
 * Node 20.19 (package.json engines). Everything Stryker does here (instrumenting TypeScript,
 * driving the vitest runner in child processes) works on Node 20, which the run itself shows,
 * so the launcher reports a version that passes that one check and changes nothing else.
 * Arguments are passed through, e.g. `npm run mutation -- --mutate packages/core/src/ledger.ts`.
 * After the run it prints each file's score and fails below the money files' minimum
 * (scripts/mutation-scores.mjs).
 */
const [major] = process.versions.node.split('.').map(Number);
if (major !== undefined && major < 22) {
  Object.defineProperty(process, 'version', { value: 'v22.0.0' });
}
process.argv.splice(2, 0, 'run');
const { Stryker, StrykerCli } = await import('@stryker-mutator/core');
const { checkMutationScores } = await import('./mutation-scores.mjs');
new StrykerCli(process.argv, undefined, async (options) => {
  const results = await new Stryker(options).runMutationTest();
  await checkMutationScores();
  return results;
}).run();
