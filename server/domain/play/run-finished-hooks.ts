import type { TSql } from "@/server/db/sql";
import type { TFact } from "@/server/games/types";
import type { TRunRow } from "./run-model";

/**
 * The seam where rewards attach to play: hooks run inside the command's transaction when a run
 * finishes (won or lost), so a claim and its webhook enqueue commit or roll back together with
 * the command and the run result. A hook that throws rolls the whole command back.
 */
export type TRunFinished = {
  sql: TSql;
  run: TRunRow;
  outcome: "won" | "lost";
  facts: TFact[];
  score: number;
  firstCompletion: boolean;
  at: Date;
};
export type TRunFinishedHook = (event: TRunFinished) => Promise<void>;

const KEY = Symbol.for("playloop.runFinishedHooks");
type TGlobal = typeof globalThis & { [KEY]?: Map<string, TRunFinishedHook> };

function hooks(): Map<string, TRunFinishedHook> {
  const g = globalThis as TGlobal;
  return (g[KEY] ??= new Map());
}

export function registerRunFinishedHook(name: string, hook: TRunFinishedHook): void {
  hooks().set(name, hook);
}


export async function runFinishedHooks(event: TRunFinished): Promise<void> {
  for (const hook of hooks().values()) await hook(event);
}
