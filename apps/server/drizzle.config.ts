import { defineConfig } from 'drizzle-kit';

// Only `db:generate` uses this: migrations are applied at boot by src/db/database.ts
// (`migrate`). Each table lives beside its owner: a module's `tables.ts`, or shared
// infrastructure's `*-tables.ts`.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/modules/*/tables.ts', './src/*/*-tables.ts'],
  out: './drizzle',
});
