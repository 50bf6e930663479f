import { pool } from "@/server/db/client";
import { isUuid } from "@/server/domain/identity";
import { directionOf, negotiateLanguage, offeredLanguages } from "@/i18n/languages";
import type { TCompiledCatalogue } from "@/i18n/messages";
import { projectCatalogue } from "../wording/project-wording";

export type TPlayShellProject = { id: string; gameMode: string; allowedOrigins: string[]; languages: string[]; defaultLanguage: string };

/** What the play shell page needs to know about a project (framing policy, languages), or null when it does not exist. */
export async function playShellProject(projectId: string): Promise<TPlayShellProject | null> {
  if (!isUuid(projectId)) return null;
  const { rows } = await pool().query<TPlayShellProject>(
    `SELECT id, game_mode AS "gameMode", allowed_origins AS "allowedOrigins", languages, default_language AS "defaultLanguage" FROM project WHERE id = $1`,
    [projectId],
  );
  return rows[0] ?? null;
}

/** The first of a player's wishes the project offers, else its default (the play page, its catalogue and the loader's words agree on it). */
export function projectLanguage(project: { languages: string[]; defaultLanguage: string }, wishes: readonly (string | null | undefined)[]): string {
  return negotiateLanguage(wishes, offeredLanguages(project.languages), project.defaultLanguage);
}

export type TPlayLanguage = { code: string; dir: "ltr" | "rtl"; messages: TCompiledCatalogue };

/**
 * The language the shell speaks to a player: the first of `wishes` (in order: the integrator's
 * `data-lang` or `Playloop.setLanguage()`, the host page's `lang`, the browser's languages) that
 * the project offers, else its default — with its direction and compiled catalogue, the project's
 * own wording laid over it.
 */
export async function playLanguage(project: { id: string; languages: string[]; defaultLanguage: string }, wishes: readonly (string | null | undefined)[]): Promise<TPlayLanguage> {
  const code = projectLanguage(project, wishes);
  return { code, dir: directionOf(code), messages: await projectCatalogue(project.id, code) };
}
