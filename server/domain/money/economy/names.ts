import { sayIn } from "@/i18n/catalogue";
import { findGameManifest } from "@/games/manifests";
import { DEFAULT_ECONOMY, type TEconomyConfig } from "./config";

/**
 * What players read of a project's economy, in their language. Playloop's own resources and each
 * game's own boosters (DEFAULT_ECONOMY: the names a new project starts with) are named by the
 * catalogue (`economy.*`) while the site keeps the name Playloop gave them; a name or description
 * the site wrote is its own and is answered as written, in every language. The game's name is the
 * lobby's (`games.<game>.title`). Pure.
 */
export function isOwnResource(r: { id: string; name: string }): boolean {
  return DEFAULT_ECONOMY.resources.some((d) => d.id === r.id && d.name === r.name);
}

export function resourceName(r: TEconomyConfig["resources"][number], lang: string): string {
  return (isOwnResource(r) && sayIn(lang, `economy.resource.${r.id}`)) || r.name;
}

export function boosterWords(b: TEconomyConfig["boosters"][number], lang: string): { name: string; description: string; game: string } {
  // Playloop's booster: its id, for the same game and effect (a site may reuse an id for another booster)
  const own = DEFAULT_ECONOMY.boosters.find((d) => d.id === b.id && d.mechanic === b.mechanic && d.effect === b.effect);
  return {
    name: (own?.name === b.name && sayIn(lang, `economy.booster.${b.id}.name`)) || b.name,
    description: (own?.description === b.description && sayIn(lang, `economy.booster.${b.id}.description`)) || b.description,
    game: sayIn(lang, `games.${b.mechanic}.title`) ?? findGameManifest(b.mechanic)?.name ?? b.mechanic,
  };
}
