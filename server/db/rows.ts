/**
 * Rows of plain SQL as the model types Prisma generates: snake_case columns become the camelCase
 * fields of the same model (the schema maps every field to its column by exactly that rule), so
 * `SELECT *` / `RETURNING *` on a table can be handed to code written against the Prisma type.
 */
export function modelRow<T>(row: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[k.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())] = v;
  return out as T;
}
