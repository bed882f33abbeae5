import { defineConfig } from 'drizzle-kit';

// Only `generate` is used: it reads the schema and writes SQL, no database needed.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
  casing: undefined,
});
