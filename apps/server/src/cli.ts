import { runCli } from './cli/run-cli.ts';

// Operator CLI entry (bundled to dist/cli.js); the logic lives in cli/run-cli.ts for tests.
try {
  process.exitCode = await runCli(process.argv.slice(2));
} catch (error) {
  process.stderr.write(
    `command failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exitCode = 1;
}
