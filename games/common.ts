// Helpers shared by all engines: payload validation and result building.
// Pure TS (no node: imports) so engines can also run in the browser.
import type { TAnimationStep, TApplyResult, TCell, TFact, TOutcome } from "./types";

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  if (v === null || typeof v !== "object" || Array.isArray(v)) return false;
  const proto: unknown = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

export function isInt(v: unknown): v is number {
  return typeof v === "number" && Number.isSafeInteger(v);
}

/** UTF-8 byte length without TextEncoder, so behaviour is identical everywhere. */
function utf8ByteLength(s: string): number {
  let bytes = 0;
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < s.length) {
      const low = s.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        bytes += 4;
        i++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/** Byte length of JSON.stringify(payload); null when it cannot be serialised. */
function payloadByteLength(payload: unknown): number | null {
  try {
    const json = JSON.stringify(payload);
    return typeof json === "string" ? utf8ByteLength(json) : null;
  } catch {
    return null;
  }
}

export function parseCell(v: unknown): TCell | null {
  if (!isPlainObject(v)) return null;
  const { row, col } = v;
  if (!isInt(row) || !isInt(col)) return null;
  return { row, col };
}

type TCommonState = { finished: boolean; outcome: TOutcome | null; score: number };

/**
 * Checks every engine performs before looking at action-specific payload.
 * Returns a rejection code or null when the command may proceed.
 */
export function precheck(
  state: TCommonState,
  command: unknown,
  actions: readonly string[],
  maxPayloadBytes: number,
): string | null {
  if (state.finished) return "run_finished";
  if (!isPlainObject(command) || typeof command.action !== "string") return "invalid_payload";
  if (!actions.includes(command.action)) return "unknown_action";
  if (!isPlainObject(command.payload)) return "invalid_payload";
  const bytes = payloadByteLength(command.payload);
  if (bytes === null || bytes > maxPayloadBytes) return "invalid_payload";
  return null;
}

export function refuse<S extends TCommonState>(
  state: S,
  code: string,
  view: Record<string, unknown>,
): TApplyResult<S> {
  const result: TApplyResult<S> = {
    accepted: false,
    rejection_code: code,
    state,
    view,
    animation_steps: [],
    facts: [],
    finished: state.finished,
    score: state.score,
  };
  if (state.finished && state.outcome) result.outcome = state.outcome;
  return result;
}

export function accept<S extends TCommonState>(
  state: S,
  view: Record<string, unknown>,
  steps: TAnimationStep[],
  facts: TFact[],
): TApplyResult<S> {
  const result: TApplyResult<S> = {
    accepted: true,
    state,
    view,
    animation_steps: steps,
    facts,
    finished: state.finished,
    score: state.score,
  };
  if (state.finished && state.outcome) result.outcome = state.outcome;
  return result;
}

/** Adds finished/outcome to a view the way every engine reports them. */
export function withStatus(
  view: Record<string, unknown>,
  state: TCommonState,
): Record<string, unknown> {
  view.finished = state.finished;
  if (state.finished && state.outcome) view.outcome = state.outcome;
  return view;
}

export function findConstraint(
  constraints: readonly { type: string; limit: number }[],
  type: string,
): number | null {
  const c = constraints.find((x) => x.type === type);
  return c ? c.limit : null;
}

export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
