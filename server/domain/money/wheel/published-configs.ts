import { ZWheelDraftSchema, type TWheelDraft, type TWheelId } from "./draft-model";

/**
 * The parsed configuration of the published wheel versions this process has read. A published
 * version never changes (publishing writes a new one), so its configuration is read from
 * PostgreSQL and checked against its schema once, not on every spin and wheel read: the statements
 * that read a wheel send the version known here and get its configuration back only when the
 * published version is another (`configUnlessKnown`). One entry per project and wheel, the latest
 * version seen; at most MAX entries (the oldest go first). What it holds is the same on every
 * instance (a pure function of immutable rows), and nothing of a player.
 */
const MAX = 5_000;
const known = new Map<string, { version: number; config: TWheelDraft }>();

const keyOf = (projectId: string, wheelId: TWheelId) => `${projectId}:${wheelId}`;

export type THeldConfig = { version: number; config: TWheelDraft } | undefined;

/** The version (and its configuration) this process holds for the wheel, taken before a statement asks; its `version` goes to the statement (0: none). */
export function heldConfig(projectId: string, wheelId: TWheelId): THeldConfig {
  return known.get(keyOf(projectId, wheelId));
}

/** SQL: the version's configuration, or NULL when it is the one this process holds (`$param` carries knownVersion). */
export function configUnlessKnown(param: string): string {
  return `CASE WHEN v.version = ${param} THEN NULL ELSE v.config END AS config`;
}

/**
 * The configuration of a published version: the one `held` (taken when the statement was sent)
 * when the statement left it out (`raw` null), else `raw` checked against the schema and kept.
 * Frozen: it is shared by every request that reads this version.
 */
export function publishedConfig(projectId: string, wheelId: TWheelId, version: number, raw: unknown, held: THeldConfig): TWheelDraft {
  const key = keyOf(projectId, wheelId);
  if (raw === null || raw === undefined) {
    if (held?.version === version) return held.config;
    throw new Error(`wheel ${key} version ${version} came back without its configuration, and the statement was sent holding ${held?.version ?? "none"}`);
  }
  const config = deepFreeze(ZWheelDraftSchema.parse(raw));
  const now = known.get(key);
  if (!now || now.version <= version) {
    known.delete(key);
    if (known.size >= MAX) known.delete(known.keys().next().value!);
    known.set(key, { version, config });
  }
  return config;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
