import { describe, expect, it } from "vitest";
import { classifyReplicaError, decideReadTarget } from "./read-target";

describe("decideReadTarget", () => {
  it("reads the replica when it is up and has replayed every erasure", () => {
    expect(decideReadTarget({ replicaUp: true, primaryErasures: 0, replicaErasures: 0 })).toEqual({ target: "replica", reason: "replica" });
    expect(decideReadTarget({ replicaUp: true, primaryErasures: 3, replicaErasures: 3 })).toEqual({ target: "replica", reason: "replica" });
  });

  it("reads the primary while the replica has not replayed an erasure", () => {
    expect(decideReadTarget({ replicaUp: true, primaryErasures: 1, replicaErasures: 0 })).toEqual({ target: "primary", reason: "replica_behind_erasure" });
    expect(decideReadTarget({ replicaUp: true, primaryErasures: 5, replicaErasures: 4 })).toEqual({ target: "primary", reason: "replica_behind_erasure" });
  });

  it("reads the primary for one player's data, however current the replica is", () => {
    expect(decideReadTarget({ replicaUp: true, primaryErasures: 2, replicaErasures: 2, namesPlayer: true })).toEqual({ target: "primary", reason: "names_player" });
    expect(decideReadTarget({ replicaUp: true, primaryErasures: 2, replicaErasures: 2, namesPlayer: false })).toEqual({ target: "replica", reason: "replica" });
  });

  it("reads the primary when the replica is down or did not answer", () => {
    expect(decideReadTarget({ replicaUp: false, primaryErasures: 0, replicaErasures: 0 })).toEqual({ target: "primary", reason: "replica_down" });
    expect(decideReadTarget({ replicaUp: true, primaryErasures: 0, replicaErasures: null })).toEqual({ target: "primary", reason: "replica_down" });
  });
});

describe("classifyReplicaError", () => {
  const err = (code?: string) => Object.assign(new Error("x"), code === undefined ? {} : { code });
  it("treats connection failures as the replica being down", () => {
    for (const code of ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", undefined, "08006", "08001", "57P01", "57P02", "57P03", "53300"]) expect(classifyReplicaError(err(code))).toBe("down");
    expect(classifyReplicaError(new Error("Connection terminated unexpectedly"))).toBe("down");
  });
  it("retries a statement the standby cancelled, without taking the replica out", () => {
    expect(classifyReplicaError(err("40001"))).toBe("conflict");
  });
  it("lets the statement's own errors through", () => {
    for (const code of ["42P01", "22P02", "57014", "42703"]) expect(classifyReplicaError(err(code))).toBe("fail");
  });
});
