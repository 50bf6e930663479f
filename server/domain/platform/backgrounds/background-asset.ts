import { projectAssetUrl } from "./limits";

/** `project.game_backgrounds`: slot -> the metadata the upload stored (see upload-background.ts). */
export type TProjectBackgrounds = Record<string, { asset_id: string; width: number; height: number } | undefined>;

/** What the lobby and widget config show for a slot: the runtime copy's path and size, or null. */
export function backgroundAsset(projectId: string, backgrounds: TProjectBackgrounds | null | undefined, slot: string) {
  const bg = backgrounds?.[slot];
  return bg ? { url: projectAssetUrl(projectId, bg.asset_id), width: bg.width, height: bg.height } : null;
}
