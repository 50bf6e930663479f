// Wire types of the player API as the play shell reads them, plus the
// contract between the shell and the per-mechanic renderers. Everything the
// server sends is untrusted input: renderers read views defensively and the
// final view of a response always wins over animation bookkeeping.

export type Cell = { row: number; col: number };
export type ViewGoal = { type: string; target: number; progress: number; colour?: string };
export type PreviewGoal = { type: string; target: number; colour?: string };
type RunStatus = "active" | "won" | "lost" | "abandoned";

/** A mechanic's player view. Only the common fields are typed here; each renderer narrows the rest. */
export type GameView = { [k: string]: unknown; score?: number; goals?: ViewGoal[]; finished?: boolean; outcome?: string };

export type GameRun = {
  run_id: string;
  game_id: string;
  mechanic: string;
  game_version: number;
  level: { id: string; version: number; number: number; best_score: number; cycle_round: number };
  status: RunStatus;
  sequence: number;
  is_replay: boolean;
  end_reason: string | null;
  expires_at: string;
  resumable: boolean;
  started_at: string;
  server_time: string;
  view: GameView;
  resumed?: boolean;
};

export type AnimationStep = { type: string; [k: string]: unknown };
type Fact = { name: string; [k: string]: unknown };

type Progression = {
  level_number: number;
  first_completion: boolean;
  is_replay: boolean;
  next_level_number: number | null;
  levels_total: number;
  track_complete: boolean;
  cycle_round: number;
  best_score: number;
  new_best: boolean;
};

export type CommandResponse = {
  run_id: string;
  sequence: number;
  accepted: boolean;
  rejection_code?: string;
  status: RunStatus;
  view: GameView;
  animation_steps: AnimationStep[];
  facts: Fact[];
  progression?: Progression;
};

export type Lobby = {
  schema: number;
  config_revision: number;
  entry_mode: string;
  server_time: string;
  viewport?: { width: number; height: number };
  theme?: { accent?: string };
  assets?: { lobby_background?: { url: string; width: number; height: number } | null; game_background?: { url: string; width: number; height: number } | null };
  play: {
    mechanic: string;
    title: string;
    available: boolean;
    unavailable_reason: string | null;
    next_level: { number: number; id: string; cycle_round: number; preview: Record<string, unknown> } | null;
    levels_total: number;
    /** Stars of the player's best win per level (0: not won yet); absent from older servers. */
    level_stars?: number[];
    track_complete: boolean;
    active_run: { run_id: string; level_number: number; sequence: number; started_at: string; resumable: boolean } | null;
  };
  last_result: { run_id: string; mechanic: string; status: string; level_number: number; reward?: { status: string } | null } | null;
  wheel?: {
    enabled: boolean;
    wheel_id: "daily" | "site" | null;
    version: number | null;
    entitlement: WheelEntitlement | null;
    pending: { spin_id: string; segment_id: string; created_at: string } | null;
  };
};

type WheelEntitlement = { day: string; spins_today: number; free_spins_left: number; paid_spins_left: number; ticket_cost: number; resets_at: string };
type WheelAward = { type: "tickets" | "resource"; resource_id: string; amount: number } | null;
export type WheelSegment = { id: string; index: number; label: string; icon: string; icon_url: string; award: WheelAward };

/** GET /v1/wheel (never weights). */
export type WheelInfo = {
  wheel_id: "daily" | "site";
  version: number;
  timezone: string;
  segments: WheelSegment[];
  free_spins_per_day: number;
  max_spins_per_day: number;
  ticket_cost: number;
  /** `lang`: the language the wheel speaks (its rules are legal text: the screen follows them, never a mix). */
  rules: { text: string; organizer: { name: string; address?: string; contact?: string; url?: string }; lang: string; languages: string[] };
  entitlement: WheelEntitlement & { ticket_balance: number };
  pending: WheelSpin | null;
  fairness: { scheme: string; next_server_seed_hash: string; next_nonce: number; weights_commitment: string };
  server_time: string;
};

/** POST /v1/wheel/spins, GET /v1/wheel/spins/{id}. */
export type WheelSpin = {
  spin_id: string;
  wheel_id: "daily" | "site";
  wheel_version: number;
  kind: "free" | "ticket";
  tickets_spent: number;
  segment: { id: string; index: number; label: string; icon: string; icon_url: string };
  award: WheelAward;
  substituted: boolean;
  seen: boolean;
  fairness: { scheme: string; server_seed_hash: string; server_seed: string; client_seed: string; nonce: number; roll_hex: string; drawn_segment_index: number; weights_commitment: string };
};

type CommandOptions = {
  /** When a command is already in flight, remember this one (latest wins) and send it next. */
  queue?: boolean;
};

/** What the shell offers a renderer. */
export interface GameApi {
  /** Sends one command; false when it was dropped because another one is still in flight. */
  command(action: string, payload: Record<string, unknown>, opts?: CommandOptions): boolean;
  /** True while a command is in flight or its answer is being animated. */
  busy(): boolean;
}

export interface GameRenderer {
  mount(container: HTMLElement, run: GameRun, api: GameApi): void;
  /** Animates the server's answer; resolves when the board is idle and equal to resp.view. */
  applyResponse(resp: CommandResponse): Promise<void>;
  /** Drops any optimistic animation and shows this view (a command was given up or resynced). */
  reset(view: GameView): void;
  destroy(): void;
  /** Boosters aimed at one cell (match3's hammer): highlights the board; resolves with the cell tapped or chosen by keyboard, or null when cancelled. */
  pickCell?(): Promise<Cell | null>;
  cancelPick?(): void;
}

export type GameModule = {
  mechanic: string;
  /** Inclusive game_version range the renderer understands. */
  versions: [number, number];
  create(): GameRenderer;
};

/** GET /v1/economy/balances */
export type Wallet = {
  economy_enabled: boolean;
  balances: { resource_id: string; name: string; balance: number }[];
  boosters: { booster_id: string; name: string; description: string; mechanic: string; game: string; effect: string; price: { resource_id: string; amount: number } }[];
  owned_boosters: { booster_id: string; mechanic: string; effect: string; effect_token: string; expires_at: string }[];
};

/** POST /v1/economy/spend */
export type SpendResult = { booster_id: string; effect: string; mechanic: string; effect_token: string; expires_at: string; balances: Record<string, number> };
