// The games Playloop ships, in catalogue order. The engine registry, the catalogue, the demo and
// the client build all read this list, so adding a game is: its engine, levels and renderer, its
// manifest, and one line here.
import { match3Manifest } from "@/games/match3/manifest";
import { memoryManifest } from "@/games/memory/manifest";
import { parcelPilotManifest } from "@/games/parcel-pilot/manifest";
import type { TGameManifest } from "./types";

const MANIFESTS = [match3Manifest, memoryManifest, parcelPilotManifest] as const satisfies readonly TGameManifest[];

export type TMechanicId = (typeof MANIFESTS)[number]["id"];
export type TRegisteredGame = TGameManifest & { id: TMechanicId };

export const GAME_MANIFESTS: readonly TRegisteredGame[] = MANIFESTS;

export function findGameManifest(id: string): TRegisteredGame | undefined {
  return GAME_MANIFESTS.find((g) => g.id === id);
}
