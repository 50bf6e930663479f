import { pool } from "@/server/db/client";
import { AppError } from "@/server/errors/app-error";
import { now } from "@/server/lib/clock";
import { writeAudit } from "@/server/domain/identity";

/**
 * The path from sign-up to a first delivered reward, in order. Every step but `embed_copied` is
 * read from what actually happened in the account's own projects, so nothing can be ticked off
 * without doing it; `embed_copied` is the one thing only the console sees (the admin copying the
 * snippet), so it is the only step that can be confirmed from outside.
 */
export const ONBOARDING_STEPS = [
  { step: "project_created", title: "Create a project", detail: "A project holds one site's games, rewards and keys." },
  { step: "origin_added", title: "Add your site's address", detail: "The widget only runs on the sites you list." },
  { step: "key_created", title: "Create a server API key", detail: "Your server uses it to sign players in and confirm events." },
  { step: "embed_copied", title: "Copy the embed code", detail: "One script tag on your site shows the games." },
  { step: "first_session", title: "See a first player", detail: "A player opened the widget on your site." },
  { step: "first_play", title: "See a first game played", detail: "A player started a game (earlier runs of your projects count)." },
  { step: "campaign_created", title: "Create a reward campaign", detail: "Wins turn into rewards for your players." },
  { step: "first_webhook_delivered", title: "Receive a first reward webhook", detail: "Your server received a signed reward." },
] as const;

type TOnboardingStep = (typeof ONBOARDING_STEPS)[number]["step"];
const CONFIRMABLE_STEPS: readonly TOnboardingStep[] = ["embed_copied"];

type TFacts = Record<TOnboardingStep, boolean>;

async function facts(accountId: string): Promise<TFacts> {
  const { rows } = await pool().query<TFacts>(
    `WITH p AS (SELECT id, allowed_origins FROM project WHERE owner_account_id = $1)
     SELECT EXISTS (SELECT 1 FROM p) AS project_created,
            EXISTS (SELECT 1 FROM p WHERE cardinality(allowed_origins) > 0) AS origin_added,
            EXISTS (SELECT 1 FROM api_key k WHERE k.project_id IN (SELECT id FROM p)) AS key_created,
            EXISTS (SELECT 1 FROM onboarding_state o WHERE o.account_id = $1 AND o.embed_copied_at IS NOT NULL) AS embed_copied,
            (EXISTS (SELECT 1 FROM experiment_cohort c WHERE c.project_id IN (SELECT id FROM p))
              OR EXISTS (SELECT 1 FROM player_event e WHERE e.project_id IN (SELECT id FROM p))
              OR EXISTS (SELECT 1 FROM game_run r WHERE r.project_id IN (SELECT id FROM p))) AS first_session,
            EXISTS (SELECT 1 FROM game_run r WHERE r.project_id IN (SELECT id FROM p)) AS first_play,
            EXISTS (SELECT 1 FROM campaign c WHERE c.project_id IN (SELECT id FROM p)) AS campaign_created,
            EXISTS (SELECT 1 FROM webhook_delivery d WHERE d.project_id IN (SELECT id FROM p) AND d.status = 'delivered' AND d.kind <> 'test') AS first_webhook_delivered`,
    [accountId],
  );
  return rows[0]!;
}

export async function getOnboarding(opts: { accountId: string }) {
  const f = await facts(opts.accountId);
  const steps = ONBOARDING_STEPS.map((s) => ({ step: s.step, title: s.title, detail: s.detail, done: Boolean(f[s.step]), confirmable: CONFIRMABLE_STEPS.includes(s.step) }));
  const next = steps.find((s) => !s.done);
  return { steps, next_step: next?.step ?? null, finished: !next };
}

/** Confirms a step the server cannot observe (only `embed_copied`); any other step is 409 `conflict`, an unknown one 404. Repeating it is harmless. */
export async function completeOnboardingStep(opts: { accountId: string; step: string; requestId?: string }) {
  const known = ONBOARDING_STEPS.find((s) => s.step === opts.step);
  if (!known) throw new AppError("not_found", "Unknown onboarding step");
  if (!CONFIRMABLE_STEPS.includes(known.step)) {
    throw new AppError("conflict", `The step ${known.step} is marked by the server when it happens and cannot be confirmed`, { details: { step: known.step } });
  }
  const at = now();
  const { rows } = await pool().query<{ inserted: boolean }>(
    `INSERT INTO onboarding_state (account_id, embed_copied_at) VALUES ($1, $2)
     ON CONFLICT (account_id) DO UPDATE SET embed_copied_at = COALESCE(onboarding_state.embed_copied_at, EXCLUDED.embed_copied_at)
     RETURNING (xmax = 0) AS inserted`,
    [opts.accountId, at],
  );
  if (rows[0]?.inserted) await writeAudit({ accountId: opts.accountId, action: "onboarding.step_confirmed", metadata: { step: known.step }, requestId: opts.requestId, at });
  return getOnboarding({ accountId: opts.accountId });
}
