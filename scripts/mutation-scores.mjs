/**
 * Per-file mutation scores from Stryker's JSON report, and the gate DESIGN 8 sets: every money
 * file of packages/core at 95 % or more. Stryker's own `thresholds.break` judges only the total,
 * where a strong file hides a weak one, hence this check. Files the run did not mutate (a
 * `--mutate` run on one file) are skipped, so a scoped run is judged on what it covered.
 */
import { readFile } from 'node:fs/promises';

const REPORT = 'reports/mutation/mutation.json';
const MINIMUM_PERCENT = 95;
const MONEY_FILES = [
  'packages/core/src/ledger.ts',
  'packages/core/src/money.ts',
  'packages/core/src/cashier.ts',
  'packages/core/src/exchange/exposure.ts',
  'packages/core/src/exchange/settlement.ts',
  'packages/core/src/exchange/order-book.ts',
  'packages/core/src/exchange/market-rules.ts',
];

const DETECTED = new Set(['Killed', 'Timeout']);
// Stryker's definition: mutants that compile and run, whether a test noticed them or not.
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

export async function checkMutationScores() {
  const report = JSON.parse(await readFile(REPORT, 'utf8'));
  const rows = [];
  let failed = false;
  for (const [file, { mutants }] of Object.entries(report.files)) {
    const detected = mutants.filter((m) => DETECTED.has(m.status)).length;
    const valid = detected + mutants.filter((m) => UNDETECTED.has(m.status)).length;
    const percent = valid === 0 ? 100 : (100 * detected) / valid;
    const money = MONEY_FILES.includes(file);
    const low = money && percent < MINIMUM_PERCENT;
    failed ||= low;
    rows.push(
      `${low ? 'LOW ' : '    '}${percent.toFixed(2).padStart(6)} %  ${String(detected).padStart(4)}/${String(valid).padEnd(4)} ${file}${money ? '' : '  (not a money file)'}`,
    );
  }
  console.log(rows.sort((a, b) => a.slice(4).localeCompare(b.slice(4))).join('\n'));
  if (failed) {
    console.error(`A money file is below ${MINIMUM_PERCENT} % (DESIGN 8).`);
    process.exitCode = 1;
  }
}

// Also runnable on its own, on the last run's report.
if (import.meta.url === `file://${process.argv[1]}`) await checkMutationScores();
