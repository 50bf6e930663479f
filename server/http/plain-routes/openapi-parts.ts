/** Small builders for the plain routes' OpenAPI entries. */
export const err = (description: string) => ({ description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } });
export const text = (description: string, type: string) => ({ description, content: { [type]: { schema: { type: "string" } } } });
export const q = (name: string, required: boolean, description: string) => ({ name, in: "query", required, schema: { type: "string" }, description });
export const p = (name: string, description: string, pattern?: string) => ({ name, in: "path", required: true, schema: { type: "string", ...(pattern ? { pattern } : {}) }, description });
export const GET = ["GET", "HEAD"] as const;
