import { pool } from "@/server/db/client";
import { withTransaction, type TTx } from "@/server/db/tx";
import { AppError } from "@/server/errors/app-error";
import { now } from "@/server/lib/clock";
import { findOwnedProject, writeAudit } from "@/server/domain/identity";
import { CATALOGUES, compiledCatalogue } from "@/i18n/catalogue";
import { EN, NOTES, type TMessageKey } from "@/i18n/catalogue/en";
import { compileCatalogue } from "@/i18n/compile";
import type { TCompiledCatalogue } from "@/i18n/messages";
import { checkWording, isProjectWordingKey } from "@/i18n/check-wording";

/**
 * A project's own wording: any message of the play shell's catalogue, rewritten per language (the
 * game's title on the lobby, the reward line, the wheel's words), stored in project_wording and
 * laid over the catalogue wherever the play shell gets its words; the catalogue's text where the
 * project wrote none.
 */
async function readWording(projectId: string, lang: string, q: Pick<TTx, "query"> = pool()): Promise<Record<string, string>> {
  const { rows } = await q.query<{ key: string; message: string }>("SELECT key, message FROM project_wording WHERE project_id = $1 AND lang = $2", [projectId, lang]);
  return Object.fromEntries(rows.map((r) => [r.key, r.message]));
}

/** The shell's catalogue for a project in `lang`: the language's, with the project's own messages over it. */
export async function projectCatalogue(projectId: string, lang: string): Promise<TCompiledCatalogue> {
  const base = compiledCatalogue(lang);
  if (!CATALOGUES[lang]) return base; // the pseudo-locale: never rewritten
  // a message a project can no longer rewrite (one an older version let it store) is left out
  const own = Object.fromEntries(Object.entries(await readWording(projectId, lang)).filter(([key]) => isProjectWordingKey(key)));
  return Object.keys(own).length === 0 ? base : { ...base, ...compileCatalogue(own) };
}

/** Every key in `lang` for the console: its note, the catalogue's text and the project's own (or null). */
function wordingView(lang: string, own: Record<string, string>) {
  const catalogue = CATALOGUES[lang] as Record<string, string>;
  return {
    lang,
    entries: (Object.keys(EN) as TMessageKey[]).filter(isProjectWordingKey).map((key) => ({ key, note: NOTES[key], source: EN[key], catalogue: catalogue[key]!, own: own[key] ?? null })),
  };
}

function knownLanguage(lang: string): void {
  if (!CATALOGUES[lang]) throw new AppError("validation_error", `lang must be one of ${Object.keys(CATALOGUES).join(", ")}`, { details: { issues: [{ path: "lang", message: "not one of the play shell's languages" }] } });
}

export async function getProjectWording(opts: { accountId: string; projectId: string; lang: string }) {
  knownLanguage(opts.lang);
  await findOwnedProject(opts);
  return wordingView(opts.lang, await readWording(opts.projectId, opts.lang));
}

/**
 * Sets (a message) or removes (null) some of a project's own messages in `lang`, all or none: a
 * message that does not compile, loses or invents a value, or lacks a plural category the language
 * needs is 422 `validation_error` naming it, and nothing is written. Audited with the keys changed.
 */
export async function setProjectWording(opts: { accountId: string; projectId: string; lang: string; overrides: Record<string, string | null>; requestId?: string }) {
  knownLanguage(opts.lang);
  await findOwnedProject(opts);
  const issues = checkWording(opts.lang, opts.overrides);
  if (issues.length > 0) throw new AppError("validation_error", `${issues[0]!.path}: ${issues[0]!.message}`, { details: { issues } });
  return withTransaction(async (tx) => {
    const at = now();
    const entries = Object.entries(opts.overrides);
    const removed = entries.filter(([, m]) => m === null).map(([k]) => k);
    const set = entries.filter((e): e is [string, string] => e[1] !== null);
    if (removed.length) await tx.query("DELETE FROM project_wording WHERE project_id = $1 AND lang = $2 AND key = ANY($3::text[])", [opts.projectId, opts.lang, removed]);
    if (set.length) {
      await tx.query(
        `INSERT INTO project_wording (project_id, lang, key, message, updated_at)
         SELECT $1, $2, k, m, $5 FROM unnest($3::text[], $4::text[]) AS x(k, m)
         ON CONFLICT (project_id, lang, key) DO UPDATE SET message = EXCLUDED.message, updated_at = EXCLUDED.updated_at`,
        [opts.projectId, opts.lang, set.map(([k]) => k), set.map(([, m]) => m), at],
      );
    }
    await writeAudit({ tx, at, accountId: opts.accountId, projectId: opts.projectId, action: "project.wording_updated", metadata: { lang: opts.lang, set: set.map(([k]) => k), removed }, requestId: opts.requestId });
    return wordingView(opts.lang, await readWording(opts.projectId, opts.lang, tx));
  });
}
