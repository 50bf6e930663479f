/**
 * Published wheel configurations per project. The economy-and-wheel capability registers the real
 * lookup; until then no wheel is published, so wheel settings answer `wheel_config_missing`.
 */
export type TWheelProbe = (projectId: string, wheelId: "daily" | "site") => Promise<boolean>;

const WHEEL_KEY = Symbol.for("playloop.wheelProbe");
type TGlobal = typeof globalThis & { [WHEEL_KEY]?: TWheelProbe };

export function registerWheelProbe(probe: TWheelProbe): void {
  (globalThis as TGlobal)[WHEEL_KEY] = probe;
}

export async function hasPublishedWheel(projectId: string, wheelId: "daily" | "site"): Promise<boolean> {
  const probe = (globalThis as TGlobal)[WHEEL_KEY];
  return probe ? probe(projectId, wheelId) : false;
}
