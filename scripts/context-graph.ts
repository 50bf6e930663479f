/**
 * The bounded contexts' import graph, drawn from dependency-cruiser's own reading of the code: one
 * node per context of server/domain, one arrow per importing pair, labelled with how many imports
 * it carries. ARCHITECTURE.md holds the drawing between two markers; `npm run guardrails` fails when
 * the drawing no longer matches the code and `npm run guardrails -- --update` redraws it.
 */
export type TCruisedModule = { source: string; dependencies: Array<{ resolved: string; dependencyTypes?: string[] }> };

const BEGIN = "<!-- context-graph:begin (drawn by npm run guardrails -- --update) -->";
const END = "<!-- context-graph:end -->";

function contextOf(path: string): string | null {
  return /^server\/domain\/([a-z]+)\//.exec(path)?.[1] ?? null;
}

/** The arrows between the contexts, in `rows` order (top row first), as a Mermaid flowchart: its layout puts each context below those that import it. */
export function drawContextGraph(modules: TCruisedModule[], rows: string[][]): string {
  const arrows = new Map<string, number>();
  for (const m of modules) {
    const from = contextOf(m.source);
    if (!from || /\.test\.tsx?$/.test(m.source)) continue;
    for (const d of m.dependencies) {
      const to = contextOf(d.resolved);
      if (to && to !== from) arrows.set(`${from} --> ${to}`, (arrows.get(`${from} --> ${to}`) ?? 0) + 1);
    }
  }
  const order = rows.flat();
  const rank = (arrow: string) => arrow.split(" --> ").map((c) => order.indexOf(c)).join(".");
  const lines = ["```mermaid", "flowchart TD"];
  for (const arrow of [...arrows.keys()].sort((a, b) => rank(a).localeCompare(rank(b), "en", { numeric: true }))) {
    const [from, to] = arrow.split(" --> ");
    lines.push(`  ${from} -->|${arrows.get(arrow)}| ${to}`);
  }
  lines.push("```");
  return lines.join("\n");
}

/** `doc` with the drawing between the markers replaced by `drawing` (null when the markers are missing). */
export function withDrawing(doc: string, drawing: string): string | null {
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) return null;
  return `${doc.slice(0, start + BEGIN.length)}\n${drawing}\n${doc.slice(end)}`;
}
