import type { TAnimationStep, TBotMemory, TCommand } from "../types";

/**
 * Memory Pairs' reference bot: flips a known partner when it can, else a card it has not seen. What
 * it knows is only what a player was shown: faces in the view and in `reveal` animation steps
 * (updateMemoryKnowledge), held by the caller between moves.
 */
type TMemoryCard = { index: number; state: string; face?: string };

function memoryCards(view: Record<string, unknown>): TMemoryCard[] {
  return Array.isArray(view.cards) ? (view.cards as TMemoryCard[]) : [];
}

export function emptyMemoryKnowledge(): TBotMemory {
  return { faces: {} };
}

/** Returns new knowledge including every face shown by `reveal` steps (and faces visible in a view, if given). */
export function updateMemoryKnowledge(knowledge: TBotMemory, steps: readonly TAnimationStep[], view?: Record<string, unknown>): TBotMemory {
  const faces = { ...knowledge.faces };
  for (const s of steps) {
    if (s.type === "reveal" && typeof s.index === "number" && typeof s.face === "string") faces[String(s.index)] = s.face;
  }
  for (const c of view ? memoryCards(view) : []) if (c.face !== undefined) faces[String(c.index)] = c.face;
  return { faces };
}

export function suggestMemory(view: Record<string, unknown>, knowledge: TBotMemory): TCommand | null {
  const cards = memoryCards(view);
  const known = updateMemoryKnowledge(knowledge, [], view).faces;
  const hidden = cards.filter((c) => c.state === "hidden");
  if (hidden.length === 0) return null;
  const unknown = hidden.filter((c) => known[String(c.index)] === undefined);
  const flip = (index: number): TCommand => ({ action: "flip", payload: { index } });
  const revealed = cards.find((c) => c.state === "revealed");
  if (revealed?.face !== undefined) {
    const partner = hidden.find((c) => known[String(c.index)] === revealed.face);
    if (partner) return flip(partner.index);
    return flip((unknown[0] ?? hidden[0] as TMemoryCard).index);
  }
  const seen = new Map<string, number>();
  for (const c of hidden) {
    const face = known[String(c.index)];
    if (face === undefined) continue;
    if (seen.has(face)) return flip(seen.get(face) as number);
    seen.set(face, c.index);
  }
  return flip((unknown[0] ?? hidden[0] as TMemoryCard).index);
}
