import { describe, expect, it } from "vitest";
import { previewMessage } from "./preview";

describe("the wording preview", () => {
  it("fills a message with sample values, a count as 1 and as 5", () => {
    expect(previewMessage("de", "lobby.play_level", "Los: Level {level}")).toEqual({ lines: ["Los: Level 3"], issues: [] });
    expect(previewMessage("en", "lobby.progress.levels", "{done} of {total, plural, one {# level} other {# levels}}").lines).toEqual(["3 of 1 level", "3 of 5 levels"]);
  });

  it("names what keeps a message from being saved", () => {
    expect(previewMessage("de", "lobby.play_level", "Los geht's").issues).toEqual(["lacks {level}, which the original has"]);
  });
});
