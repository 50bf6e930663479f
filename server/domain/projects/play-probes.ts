/**
 * Counts the play capability provides to project reads. Registered by the play domain so that
 * projects do not depend on game tables; before it registers, there are no runs to count.
 */
type TActivePlayersProbe = (projectId: string, mechanic: string | null) => Promise<number>;
const KEY = Symbol.for("playloop.activePlayersProbe");
type TGlobal = typeof globalThis & { [KEY]?: TActivePlayersProbe };

export function registerActivePlayersProbe(probe: TActivePlayersProbe): void {
  (globalThis as TGlobal)[KEY] = probe;
}

export async function activePlayers24h(projectId: string, mechanic: string | null): Promise<number> {
  const probe = (globalThis as TGlobal)[KEY];
  return probe ? probe(projectId, mechanic) : 0;
}
