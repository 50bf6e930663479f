// What names each game, as data only, in catalogue order (manifests.ts lists the same games with
// their engines): the console's labels and the economy's defaults read this without loading an
// engine or a level track.
import { match3Meta } from "./match3/meta";
import { memoryMeta } from "./memory/meta";
import { parcelPilotMeta } from "./parcel-pilot/meta";
import type { TGameMeta } from "./types";

export const GAME_METAS: readonly TGameMeta[] = [match3Meta, memoryMeta, parcelPilotMeta];

/** The shop a new project starts with: each game's boosters' default offers. */
export function defaultBoosterOffers() {
  return GAME_METAS.flatMap((g) => g.boosters.map((b) => ({ id: b.offer.id, name: b.offer.name, description: b.offer.description, mechanic: g.id, effect: b.effect, price: { ...b.offer.price } })));
}
