import type { z } from "zod";
import { memoByJson } from "@/server/lib/memo-by-json";

/**
 * What can fire a campaign. A run that finished (in the command's transaction) or a legacy
 * streak that moved (in the event's transaction). Only first completions reach triggers: replays
 * and track cycles never grant (spec rule: "replays of a level and track cycles create no claim").
 */
export type TTriggerEvent =
  | { source: "run"; projectId: string; externalUserId: string; run: TTriggerRun; progression: TTriggerProgression; score: number; at: Date }
  | { source: "streak"; projectId: string; externalUserId: string; currentStreak: number; at: Date };

/** The finished run as triggers and claims read it: the play context's run row has these and more. */
export type TTriggerRun = { id: string; mechanic: string; level_id: string; level_number: number; track_version: number };
/** What the finishing move did to the player's track (the play context's progression). */
type TTriggerProgression = { first_completion: boolean; track_complete: boolean };

/**
 * What a matching trigger contributes to the claim: the reward source (for the webhook body) and
 * how the claim's idempotency key is built. `perLevelKey`: the key is per level (a first-completion
 * rule); `sourceKey`: a fixed key for a one-time source (a track, a streak length); neither: the
 * spec's default (`<campaign>:<user>`, with the run id appended when max_per_user > 1).
 */
export type TTriggerMatch = {
  runId?: string;
  mechanic?: string;
  levelNumber?: number;
  levelId?: string;
  perLevelKey?: boolean;
  sourceKey?: string;
};

export type TTriggerDefinition<P extends z.ZodType = z.ZodType> = {
  type: string;
  source: TTriggerEvent["source"];
  summary: string;
  params: P;
  match(event: TTriggerEvent, params: z.output<P>): TTriggerMatch | null;
  /** A campaign's stored parameters, parsed with `params` once per stored value (every claim decision matches every active campaign). */
  parseParams(raw: unknown): ReturnType<P["safeParse"]>;
};

export function defineTrigger<P extends z.ZodType>(def: Omit<TTriggerDefinition<P>, "parseParams">): TTriggerDefinition<P> {
  return { ...def, parseParams: memoByJson((raw: unknown) => def.params.safeParse(raw) as ReturnType<P["safeParse"]>) };
}
