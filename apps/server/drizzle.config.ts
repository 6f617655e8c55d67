import { defineConfig } from 'drizzle-kit';

// Only `db:generate` uses this: migrations are applied at boot by src/db/database.ts
// (`migrate`). Each table lives beside its owner: a module's `tables.ts`, or shared
// infrastructure's `*-tables.ts`. The wallet's sit with its ledger (modules/wallet/ledger/).
export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/modules/*/tables.ts',
    './src/modules/wallet/ledger/tables.ts',
    './src/modules/sportsbook/standin/standin-tables.ts',
    './src/*/*-tables.ts',
  ],
  out: './drizzle',
});
