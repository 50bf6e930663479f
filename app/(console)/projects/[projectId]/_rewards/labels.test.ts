import { describe, expect, it } from "vitest";
import { flagDetails } from "./labels";

describe("flagDetails", () => {
  it("names each detail with its unit and leaves out ids", () => {
    expect(flagDetails({ median_gap_ms: 19, commands: 12, claim_id: "c1" })).toBe("Median gap: 19 ms · Commands: 12");
  });

  it("says a shared-address count that stopped at its limit may be more, and one below it is exact", () => {
    expect(flagDetails({ players_24h: 100, counted_up_to: 100, claim_id: "c1" })).toBe("Players 24h: 100+");
    expect(flagDetails({ players_24h: 37, counted_up_to: 100 })).toBe("Players 24h: 37");
    // flags raised before the count had a limit of its own
    expect(flagDetails({ players_24h: 37 })).toBe("Players 24h: 37");
  });
});
