import type { TCruisedModule } from "./context-graph";

/**
 * What a decider loads when it runs: every module it reaches through imports that stay in the
 * compiled code (a type-only import is erased), barrels included. dependency-cruiser's
 * `deciders-no-io` rule sees a decider's own imports only; a decider that imported a context's
 * entry for one pure helper loaded the database client, Redis and the job queue with it (and took
 * ~1 s to import in each of the mutation tests' runs). One finding per decider: the shortest path
 * to the first I/O module found.
 */
export function deciderLoads(modules: TCruisedModule[], deciders: RegExp, io: RegExp[]): string[] {
  const bySource = new Map(modules.map((m) => [m.source, m]));
  const findings: string[] = [];
  for (const m of modules) {
    if (!deciders.test(m.source) || /\.test\.tsx?$/.test(m.source)) continue;
    const cameFrom = new Map<string, string | null>([[m.source, null]]);
    const queue = [m.source];
    let hit: string | null = null;
    while (queue.length > 0 && hit === null) {
      const at = queue.shift()!;
      for (const d of bySource.get(at)?.dependencies ?? []) {
        if (d.dependencyTypes?.includes("type-only") || cameFrom.has(d.resolved)) continue;
        cameFrom.set(d.resolved, at);
        if (io.some((r) => r.test(d.resolved))) {
          hit = d.resolved;
          break;
        }
        queue.push(d.resolved);
      }
    }
    if (hit === null) continue;
    const path: string[] = [];
    for (let at: string | null | undefined = cameFrom.get(hit); at && at !== m.source; at = cameFrom.get(at)) path.unshift(at);
    findings.push(`deciders-load-no-io: ${m.source} loads ${hit}${path.length ? ` (through ${path.join(" → ")})` : ""}`);
  }
  return findings;
}
