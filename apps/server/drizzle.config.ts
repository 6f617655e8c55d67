import { defineConfig } from 'drizzle-kit';

// Only `db:generate` uses this: migrations are applied at boot by src/db/migrate.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
