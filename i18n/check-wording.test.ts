import { describe, expect, it } from "vitest";
import { checkWording, isProjectWordingKey } from "./check-wording";

describe("a project's own wording", () => {
  it("takes messages that keep the original's values and the language's plurals, and null to remove one", () => {
    expect(checkWording("de", { "lobby.play_level": "Los: Level {level}", "games.match3_v1.title": "Juwelen-Jagd", "lobby.start_over": null })).toEqual([]);
    expect(checkWording("ar", { "lobby.progress.levels": "{done} من {total, plural, zero {# مراحل} one {مرحلة} two {مرحلتين} few {# مراحل} many {# مرحلة} other {# مرحلة}}" })).toEqual([]);
  });

  it("names the placeholder a translation lost or invented, a plural category the language needs, bad syntax, an unknown key", () => {
    expect(checkWording("de", { "lobby.play_level": "Los geht's" })).toEqual([{ path: "overrides.lobby.play_level", message: "lacks {level}, which the original has" }]);
    expect(checkWording("de", { "lobby.start_over": "Neu für {name}" })[0]!.message).toMatch(/has \{name\}, which the original does not/);
    expect(checkWording("ar", { "lobby.progress.levels": "{done} / {total, plural, one {# مرحلة} other {# مراحل}}" })[0]!.message).toMatch(/the plural of \{total\} lacks (?=.*zero)(?=.*two)(?=.*few)(?=.*many).*which ar needs/);
    expect(checkWording("de", { "lobby.play_level": "Level {level" })[0]!.path).toBe("overrides.lobby.play_level");
    expect(checkWording("de", { "lobby.nope": "x" })).toEqual([{ path: "overrides.lobby.nope", message: "not a key of the catalogue" }]);
    expect(checkWording("de", { "lobby.start_over": " " })[0]!.message).toMatch(/empty/);
    expect(checkWording("xx", {})[0]!.path).toBe("lang");
  });

  it("refuses what the site names elsewhere — Playloop's resource and booster names, a new wheel's first labels — but lets a stored one be removed", () => {
    expect(checkWording("de", { "economy.booster.gem_hammer.name": "Vorschlaghammer" })).toEqual([{ path: "overrides.economy.booster.gem_hammer.name", message: expect.stringMatching(/^not part of a project's wording: .*economy settings/) }]);
    expect(checkWording("fr", { "wheel.default.try_again": "Encore !" })[0]!.message).toMatch(/wheel editor/);
    expect(checkWording("fr", { "wheel.default.try_again": null, "economy.resource.coins": null })).toEqual([]);
    expect(isProjectWordingKey("economy.resource.coins")).toBe(false);
    expect(isProjectWordingKey("wheel.rules.summary")).toBe(true);
  });
});
