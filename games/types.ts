// Shared contract between the pure game engines and the rest of Playloop.
// Engines never do I/O; everything here must stay JSON-serialisable so runs
// can be stored (jsonb) and replayed/verified later.

// A game exists by having a manifest: its id (TMechanicId) is one of the ids listed in manifests.ts.

export type TFact = { name: string; [k: string]: unknown }; // e.g. { name: "game_won", score: 120 }
export type TAnimationStep = { type: string; [k: string]: unknown }; // open maps the client animates in order

export type TLevelDefinition<P = unknown> = {
  id: string; // stable level id, e.g. "match3-01"
  version: number; // level_version (integer, starts at 1)
  number: number; // 1-based position in the track
  title: string;
  params: P; // mechanic-specific layout/params (JSON-serialisable)
  goals: TGoal[]; // structured goals
  constraints: TConstraint[]; // structured constraints (move limit, mistake limit, fuel)
  /** Star thresholds: three ascending scores (stars.ts). With them a win adds a leftover-budget bonus. */
  stars?: [number, number, number];
};

export type TGoal = { type: string; target: number; [k: string]: unknown };
export type TConstraint = { type: string; limit: number; [k: string]: unknown };
export type TCommand = { action: string; payload: Record<string, unknown> };

/** A command as the service stored it: whether the engine accepted it, and when it arrived. */
export type TRecordedCommand = TCommand & { accepted: boolean; at: Date };

export type TOutcome = "won" | "lost";

export type TApplyResult<S> = {
  accepted: boolean;
  rejection_code?: string; // snake_case, e.g. "no_match", "not_adjacent", "out_of_bounds", ...
  state: S; // on refusal: the SAME state object, unchanged
  view: Record<string, unknown>; // what the player may see; never hidden info
  animation_steps: TAnimationStep[];
  facts: TFact[]; // on a win includes { name: "game_won", ... }; on a loss { name: "game_lost", ... }
  finished: boolean;
  outcome?: TOutcome; // present when finished
  score: number; // total score after the command, never decreases
};

export interface TMechanic<S = any, P = any> {
  // Its manifest's id. Typed string, not TMechanicId: that union is derived from the manifests,
  // which hold the engines, and a narrower type here would make it circular.
  id: string;
  title: string; // player-facing title
  gameVersion: number; // integer game_version
  actions: readonly string[];
  /** Effects the `booster` action accepts (bought with the economy; the server checks the token). */
  boosters: readonly string[];
  maxPayloadBytes: number; // JSON.stringify(payload) UTF-8 byte length limit
  init(level: TLevelDefinition<P>, seed: string): S;
  apply(state: S, command: TCommand): TApplyResult<S>; // never mutates the input state
  view(state: S): Record<string, unknown>;
  score(state: S): number;
  isFinished(state: S): boolean;
  describeGoals(level: TLevelDefinition<P>): string[];
  describeConstraints(level: TLevelDefinition<P>): string[];
  preview(level: TLevelDefinition<P>): Record<string, unknown>; // < 300 bytes JSON
}

export type TLevelTrack<P = unknown> = {
  mechanic: string; // its manifest's id
  trackVersion: 1;
  levels: TLevelDefinition<P>[];
};

export type TCell = { row: number; col: number };

/** A project's game mode: `free_play` (no rewards, anonymous players allowed) or `rewards`. */
export type TGameMode = "free_play" | "rewards";

/** What a bot remembers of what the player was shown (memory_v1: card index -> face seen in a reveal). */
export type TBotMemory = { faces: Record<string, string> };

/** How much of a level's budget (moves, fuel, flips or mistakes) a finished run used. */
export type TBudget = { used: number; limit: number };

/**
 * A booster the engine can play, as an admin reads it, with the shop offer a new project starts
 * with (the economy's defaults).
 */
type TBoosterEffect = {
  effect: string;
  label: string;
  offer: { id: string; name: string; description: string; price: { resource_id: "tickets" | "coins"; amount: number } };
};

/**
 * What names a game, as data only (games/<game>/meta.ts): the console and the play shell's build
 * read it without loading the engine or its levels.
 */
export type TGameMeta = {
  /** Mechanic id, stored on projects and runs: never renamed (a new version is a new game). */
  id: string;
  /** Player-facing name: the catalogue's player_title, the lobby title, the demo tabs, console labels. */
  name: string;
  /** One line that sells the game to a player. */
  tagline: string;
  /** Game modes a project may run it in. */
  modes: readonly TGameMode[];
  /** The boosters its engine plays (the engine's `boosters`, in the same order). */
  boosters: readonly TBoosterEffect[];
  /** Renderer: the `export` of client/games/<module>.ts, built into games/<id>.js; its lobby art. */
  client: { module: string; export: string; hero: THeroArt };
  /** Position among the demo projects (/demo, POST /v1/demo/token); absent: not in the demo. */
  demoOrder?: number;
};

/** A game's lobby illustration, drawn by the client from the game's own artwork (client/shell/hero.ts). */
export type THeroArt = "gems" | "cards" | "parcels";

/**
 * Everything about a game outside its renderer, in one package (games/<game>/: meta.ts, engine,
 * levels, bot, manifest.ts; listed in manifests.ts). The engine registry, the catalogue, the demo,
 * the economy's defaults, the console's labels, the bots, the level report and the client build
 * derive from it. No Node imports: the client build reads it too.
 */
export type TGameManifest = TGameMeta & {
  engine: TMechanic;
  track: TLevelTrack;
  /** The reference bot: the next command from the player's view (and what it was shown). */
  bot: (view: Record<string, unknown>, memory: TBotMemory) => TCommand | null;
  /** The budget a finished run used, from its engine state (the tightest one when a level has two). */
  budgetUsed: (state: unknown) => TBudget;
};
