import { describe, expect, it } from "vitest";
import type { TCruisedModule } from "./context-graph";
import { deciderLoads } from "./decider-loads";

const DECIDERS = /^server\/domain\/.+\/decide-[a-z-]+\.ts$/;
const IO = [/^server\/db\//];
const mod = (source: string, ...deps: Array<string | [string, string[]]>): TCruisedModule => ({
  source,
  dependencies: deps.map((d) => (typeof d === "string" ? { resolved: d, dependencyTypes: ["local", "import"] } : { resolved: d[0], dependencyTypes: d[1] })),
});

describe("deciderLoads", () => {
  it("finds the database a decider loads through a context's entry, with the shortest way there", () => {
    const modules = [
      mod("server/domain/play/decide-move.ts", "server/domain/play/move-model.ts"),
      mod("server/domain/play/move-model.ts", "server/domain/identity/index.ts"),
      mod("server/domain/identity/index.ts", "server/domain/identity/sql.ts", "server/domain/identity/accounts.ts"),
      mod("server/domain/identity/accounts.ts", "server/db/client.ts"),
    ];
    expect(deciderLoads(modules, DECIDERS, IO)).toEqual([
      "deciders-load-no-io: server/domain/play/decide-move.ts loads server/db/client.ts (through server/domain/play/move-model.ts → server/domain/identity/index.ts → server/domain/identity/accounts.ts)",
    ]);
  });

  it("names a direct import without a path", () => {
    expect(deciderLoads([mod("server/domain/a/decide-x.ts", "server/db/tx.ts")], DECIDERS, IO)).toEqual(["deciders-load-no-io: server/domain/a/decide-x.ts loads server/db/tx.ts"]);
  });

  it("follows no type-only import (erased from the running code), and passes a decider that loads no I/O", () => {
    const modules = [
      mod("server/domain/a/decide-x.ts", ["server/domain/a/store.ts", ["local", "type-only", "import"]], "server/domain/a/rules.ts"),
      mod("server/domain/a/store.ts", "server/db/client.ts"),
      mod("server/domain/a/rules.ts", "server/domain/a/decide-x.ts"),
      mod("server/domain/a/decide-x.test.ts", "server/db/client.ts"),
    ];
    expect(deciderLoads(modules, DECIDERS, IO)).toEqual([]);
  });
});
