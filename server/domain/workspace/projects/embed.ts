import { config } from "@/server/config/env";
import { findOwnedProject } from "@/server/domain/identity";

/** The loader snippet for a project, with setup instructions. */
export async function getEmbedSnippet(opts: { accountId: string; projectId: string }) {
  const project = await findOwnedProject(opts);
  const base = config().publicBaseUrl;
  const snippet = `<script src="${base}/v1/widget.js" data-project-id="${project.id}" async></script>`;
  const instructions = [
    "Paste the snippet just before </body> on every page where players should see the game.",
    `Add your site's origin (for example https://shop.example) to allowed_origins; only game_mode free_play works without it.`,
    "For verified players, have your server call POST /v1/server/session-token with an API key that has the session:issue scope, and pass the token to the page: window.Playloop.setSessionToken(token).",
    "Wins arrive as signed reward.eligible webhooks at your webhook_url; verify X-Service-Signature over the raw body.",
  ];
  return { snippet, instructions };
}
