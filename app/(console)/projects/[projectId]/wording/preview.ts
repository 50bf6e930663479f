import { checkWording } from "@/i18n/check-wording";
import { argumentsOf, compileMessage, pluralsOf } from "@/i18n/compile";
import { formatMessage, type TValues } from "@/i18n/messages";

/**
 * What a message says on the player's screen, for the console's live preview: the message filled
 * with sample values (a count once as 1 and once as 5, names as ‹name›), or the problems that
 * keep it from being saved, as the service would name them. Pure.
 */
export function previewMessage(lang: string, key: string, text: string): { lines: string[]; issues: string[] } {
  const issues = checkWording(lang, { [key]: text }).map((i) => i.message);
  if (issues.length > 0) return { lines: [], issues };
  const compiled = compileMessage(text, key);
  const counts = new Set(pluralsOf(compiled).map((p) => p.variable));
  const sample = (n: number): TValues => Object.fromEntries(argumentsOf(compiled).map((a) => [a, counts.has(a) ? n : /count|level|total|done|amount|price|cost|score|stars|round|moves|n$/i.test(a) ? 3 : `‹${a}›`]));
  const lines = counts.size > 0 ? [formatMessage(compiled, sample(1), lang), formatMessage(compiled, sample(5), lang)] : [formatMessage(compiled, sample(3), lang)];
  return { lines: [...new Set(lines)], issues: [] };
}
