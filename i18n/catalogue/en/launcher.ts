import type { TSourceMessage } from "./types";

/**
 * The loader's launcher and panel on the site's own page (client/widget/loader.ts): the loader
 * carries no catalogue, so GET /v1/widget/config answers these in the player's language.
 */
export const LAUNCHER = {
  "launcher.games": { message: "Games", note: "Site page: the panel's title and the frame's accessible name when the site has no game selected; about 18 characters." },
  "launcher.open": { message: "Open games", note: "Site page: spoken name (aria-label) of the round launcher button that opens the games; not shown." },
  "launcher.close": { message: "Close games", note: "Site page: spoken name (aria-label) of the × button and of the launcher while the games are open; not shown." },
} satisfies Record<string, TSourceMessage>;
