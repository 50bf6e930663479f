import { defineConfig } from "prisma/config";

// The CLI is used only for `prisma generate`: migrations are plain SQL applied by
// `npm run db:migrate` (scripts/migrate.ts), because the migrate engine cannot run offline.
export default defineConfig({
  schema: "prisma/schema.prisma",
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/playloop" },
});
