import { z } from "zod";
import type { TMeta } from "@/server/trpc/init";
import { LANGUAGE_CODES } from "@/i18n/languages";
import { owner, tags } from "./shared.types";

const what =
  "A project's own wording of the play shell's messages in one language (`lang`: " +
  LANGUAGE_CODES.join(", ") +
  "): any message — the game's title on the lobby (`games.<game>.title`), the reward line (`result.reward.*`), the wheel's words (`wheel.*`) — laid over the catalogue wherever the shell gets its words (`GET /v1/play`, `GET /v1/play/messages`); the catalogue's text where the project wrote none. Messages are ICU MessageFormat: `{name}` for a value, `{count, plural, one {…} other {…}}` for a count.";

export const getWordingMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "validation_error"],
  openapi: {
    method: "GET",
    path: "/v1/admin/projects/{project_id}/wording/{lang}",
    tags,
    summary: "A project's own wording, per language",
    description: `${owner} ${what} Every key of the catalogue, in order, with its note for translators (where it shows, its room), the English source, the language's catalogue text and the project's own (\`own\`, null when none). An unknown \`lang\` is 422 \`validation_error\`.`,
  },
};

export const putWordingMeta: TMeta = {
  auth: "admin",
  errors: ["not_found", "validation_error"],
  openapi: {
    method: "PUT",
    path: "/v1/admin/projects/{project_id}/wording/{lang}",
    tags,
    summary: "Set or remove some of a project's own wording",
    description: `${owner} ${what} \`overrides\` maps keys to a message (set) or null (back to the catalogue); keys not named are left as they are. All or nothing: a key not in the catalogue, an empty or over-long (1 000 characters) message, one that does not compile, one that lacks a value the original has (\`{level}\`) or names one it does not, or a plural without a category the language needs (Arabic: zero, one, two, few, many, other) is 422 \`validation_error\` with every problem in \`details.issues\` (\`path\` \`overrides.<key>\`), and nothing is written. Audited (\`project.wording_updated\`). Answers the same view as GET.`,
  },
};

const ZLang = z.string().max(16).describe(`One of ${LANGUAGE_CODES.join(", ")}`);
export const ZGetWordingRequestSchema = z.object({ project_id: z.string().uuid(), lang: ZLang });
export const ZPutWordingRequestSchema = z
  .object({
    project_id: z.string().uuid(),
    lang: ZLang,
    overrides: z.record(z.string().max(100), z.string().max(4000).nullable()).refine((o) => Object.keys(o).length <= 400, "at most 400 keys at once"),
  })
  .strict();
export const ZWordingResponseSchema = z.object({
  lang: z.string(),
  entries: z.array(
    z.object({
      key: z.string(),
      note: z.string().describe("Where it shows, its room at phone size, what its values are"),
      source: z.string().describe("The English source message"),
      catalogue: z.string().describe("The message in `lang` as Playloop ships it"),
      own: z.string().nullable().describe("The project's own message in `lang`, or null: the catalogue's is shown"),
    }),
  ),
});
