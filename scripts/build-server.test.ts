import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildServer, serverBundle } from "./build-server";

describe("the compiled processes", () => {
  it("are one module each (the web process with its replay thread) with our code inside, packages outside, and a source map", { timeout: 60_000 }, async () => {
    await buildServer(["web", "worker"]);
    for (const name of ["web", "worker"] as const) {
      const file = serverBundle(name);
      const code = readFileSync(file, "utf8");
      // path aliases resolved: nothing left for a TypeScript loader
      expect(code).not.toMatch(/from "@\//);
      expect(code).not.toMatch(/import\(["'][^"']+\.tsx?["']\)/);
      // no name-keeping helper on every closure (what tsx adds)
      expect(code).not.toContain("__name(");
      // packages stay in node_modules (Prisma's runtime, Next.js, sharp's binary load as they are)
      expect(code).toMatch(/from "pg"|from "pg-boss"/);
      expect(code.trimEnd().endsWith(`//# sourceMappingURL=${name}.mjs.map`)).toBe(true);
      const map = JSON.parse(readFileSync(`${file}.map`, "utf8")) as { sources: string[] };
      expect(map.sources.some((s) => s.endsWith(name === "web" ? "server/http/main.ts" : "jobs/worker.ts"))).toBe(true);
    }
    // The web process's replay thread is built with it: the engines and Node's own modules (its thread, and its priority), nothing from node_modules.
    const thread = readFileSync(serverBundle("replay-worker"), "utf8");
    expect([...thread.matchAll(/^import .* from "([^"]+)"/gm)].map((m) => m[1]).sort()).toEqual(["node:fs", "node:os", "node:worker_threads"]);
    const threadMap = JSON.parse(readFileSync(`${serverBundle("replay-worker")}.map`, "utf8")) as { sources: string[] };
    expect(threadMap.sources.some((s) => s.endsWith("server/domain/gameplay/play/replay-worker.ts"))).toBe(true);
    // written under temporary names and renamed: none left behind
    expect(readdirSync(path.dirname(serverBundle("web"))).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });
});
