/**
 * Rows of plain SQL as the model types Prisma generates: snake_case columns become the camelCase
 * fields of the same model (the schema maps every field to its column by exactly that rule), so
 * `SELECT *` / `RETURNING *` on a table can be handed to code written against the Prisma type.
 */
export function modelRow<T>(row: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const k in row) out[fieldName(k)] = row[k];
  return out as T;
}

/** Column name → field name, converted once per name (the schema's columns are a small, fixed set). */
const fieldNames = new Map<string, string>();
function fieldName(column: string): string {
  let name = fieldNames.get(column);
  if (name === undefined) {
    name = column.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    if (fieldNames.size < 2000) fieldNames.set(column, name);
  }
  return name;
}
