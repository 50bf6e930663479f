import { describe, expect, it } from "vitest";
import { ERASED_TABLE_NAMES } from "@/server/domain/identity/players/erase-player";
import { ANONYMISED, countsInWords, ERASED } from "./erasure-words";

describe("the erasure result in words", () => {
  it("names every table the erasure deletes from, so no raw table name reaches the page", () => {
    expect(Object.keys(ERASED).sort()).toEqual([...ERASED_TABLE_NAMES].sort());
  });

  it("counts in words, largest first, with nouns that agree", () => {
    expect(countsInWords({ player_progress: 1, game_command: 21, analytics_player_day: 1, game_run: 0 }, ERASED)).toBe("21 moves, 1 track progress record and 1 day of activity");
    expect(countsInWords({ reward_claims: 2, webhook_deliveries: 1 }, ANONYMISED)).toBe("2 reward claims and 1 webhook delivery");
    expect(countsInWords({ game_run: 1 }, ERASED)).toBe("1 game");
    expect(countsInWords({ game_run: 0 }, ERASED)).toBe("");
    expect(countsInWords({ some_new_table: 3 }, ERASED)).toBe("3 records of some new table");
  });
});
