import type { TSourceMessage } from "./types";

/**
 * A run's reward status as GET /v1/game-runs/{run_id}/reward words it (`label`, key `label_key`):
 * for a site or app that shows the status itself, outside the play shell's result card.
 */
export const REWARD = {
  "reward.status.pending": { message: "Your reward is on its way", note: "Reward status of a won game (the site may show it anywhere, e.g. beside the player's order history): the reward is being sent; one line, about 30 characters, no final full stop." },
  "reward.status.checking": { message: "Your reward is being checked", note: "Reward status of a won game: a person is reviewing the reward before it is sent; one line, about 30 characters, no final full stop." },
  "reward.status.delayed": { message: "Your reward will come a little later", note: "Reward status of a won game: the reward is held for a while before it is sent; one line, about 36 characters, no final full stop." },
  "reward.status.confirmed": { message: "Your reward has been sent", note: "Reward status of a won game: the site received the reward; one line, about 30 characters, no final full stop." },
  "reward.status.unavailable": { message: "This reward can’t be given", note: "Reward status of a won game: the reward will not come (never says why); one line, about 30 characters, no final full stop, not blaming the player." },
  "reward.status.none": { message: "No reward for this game", note: "Reward status of a game that earned no reward (lost, free play, or the site gives none); one line, about 30 characters, no final full stop." },
} satisfies Record<string, TSourceMessage>;
