import { readFileSync } from "node:fs";

/**
 * A small reader of prisma/schema.prisma: tables, columns (type, nullability) and index column
 * sets. It is used by the drift test to compare the datamodel with the live catalog, because the
 * Prisma migrate engine (which could diff them) cannot run offline.
 */
type TColumn = { name: string; type: string; nullable: boolean };
export type TTable = { name: string; columns: TColumn[]; uniques: string[][]; indexes: string[][]; primaryKey: string[] };

const SCALARS: Record<string, string> = {
  String: "text",
  Int: "integer",
  BigInt: "bigint",
  Boolean: "boolean",
  DateTime: "timestamp without time zone",
  Json: "jsonb",
  Float: "double precision",
  Bytes: "bytea",
  Decimal: "numeric",
};
const NATIVE: Record<string, string> = {
  Uuid: "uuid",
  Timestamptz: "timestamp with time zone",
  Text: "text",
  VarChar: "character varying",
  Char: "character",
  SmallInt: "smallint",
  Inet: "inet",
  Date: "date",
  Citext: "USER-DEFINED",
};

export function readPrismaSchema(file = "prisma/schema.prisma"): TTable[] {
  const src = readFileSync(file, "utf8");
  const enums = new Set([...src.matchAll(/^enum\s+(\w+)\s*\{/gm)].map((m) => m[1]!));
  const models = [...src.matchAll(/^model\s+(\w+)\s*\{([\s\S]*?)^\}/gm)];
  const modelNames = new Set(models.map((m) => m[1]!));
  return models.map(([, modelName, body]) => {
    const lines = body!.split("\n").map((l) => l.replace(/\/\/.*$/, "").trim()).filter(Boolean);
    const fieldToColumn = new Map<string, string>();
    const columns: TColumn[] = [];
    const uniques: string[][] = [];
    const indexes: string[][] = [];
    let primaryKey: string[] = [];
    for (const line of lines) {
      if (line.startsWith("@@")) continue;
      const m = /^(\w+)\s+(\w+)(\[\])?(\?)?\s*(.*)$/.exec(line);
      if (!m) continue;
      const [, field, type, list, optional, attrs] = m;
      if (modelNames.has(type!) || attrs!.includes("@relation")) continue;
      const column = /@map\("([^"]+)"\)/.exec(attrs!)?.[1] ?? field!;
      fieldToColumn.set(field!, column);
      const native = /@db\.(\w+)/.exec(attrs!)?.[1];
      let sqlType = enums.has(type!) ? "USER-DEFINED" : native ? (NATIVE[native] ?? native.toLowerCase()) : (SCALARS[type!] ?? type!);
      if (list) sqlType = "ARRAY";
      columns.push({ name: column, type: sqlType, nullable: Boolean(optional) });
      if (/@id\b/.test(attrs!)) primaryKey = [column];
      if (/@unique\b/.test(attrs!)) uniques.push([column]);
    }
    const cols = (spec: string) => spec.split(",").map((f) => fieldToColumn.get(f.trim().split("(")[0]!.trim()) ?? f.trim());
    for (const line of lines) {
      const u = /^@@unique\(\[([^\]]+)\]/.exec(line);
      if (u) uniques.push(cols(u[1]!));
      const i = /^@@index\(\[([^\]]+)\]/.exec(line);
      if (i) indexes.push(cols(i[1]!));
      const id = /^@@id\(\[([^\]]+)\]/.exec(line);
      if (id) primaryKey = cols(id[1]!);
    }
    const table = /@@map\("([^"]+)"\)/.exec(body!)?.[1] ?? modelName!;
    return { name: table, columns, uniques, indexes, primaryKey };
  });
}
