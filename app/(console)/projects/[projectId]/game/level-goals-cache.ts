/**
 * Whether a cached level-goals answer can be shown while the page's own fetch is under way: only
 * when it is the published track of the game the project has now (a track is the same for every
 * project, so a newer version is at worst one refresh behind). Without a game (none, a legacy
 * template, wheel only) the answer depends on more than the game, so the page waits for its fetch.
 */
export function cachedTrackFits(cached: { mechanic: string | null } | undefined, mechanic: string | null): boolean {
  return mechanic !== null && cached?.mechanic === mechanic;
}
