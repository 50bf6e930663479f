"use client";

import { Field } from "@/app/_components/Field";
import { Input, Select } from "@/app/_components/Input";
import { RadioCards } from "@/app/_components/RadioCards";
import { Switch } from "@/app/_components/Switch";
import type { TGame } from "../_rewards/games";
import type { TDraft, TErrors, TTriggerType } from "./campaign-draft";

type TProps = { draft: TDraft; set: (patch: Partial<TDraft>) => void; errors: TErrors; games: TGame[] };

const TRIGGERS: Array<{ value: TTriggerType; label: string; description: string }> = [
  { value: "game_won", label: "Wins a level", description: "The first time a player wins a level in range." },
  { value: "track_completed", label: "Completes a game", description: "The first time a player wins a game's last level." },
  { value: "streak_reached", label: "Keeps a streak", description: "A player's Daily Streak reaches a number of days." },
];

/** What fires the campaign, and the parameters of that trigger. */
export function TriggerFields({ draft, set, errors, games }: TProps) {
  const gameSelect = (
    <Field label="Game" htmlFor="c-mechanic" error={errors["trigger_params.mechanic"]} hint="Only wins in this game count.">
      <Select id="c-mechanic" value={draft.mechanic} onChange={(e) => set({ mechanic: e.target.value })} invalid={!!errors["trigger_params.mechanic"]}>
        <option value="">Any game</option>
        {games.map((g) => (
          <option key={g.id} value={g.id}>
            {g.title}
          </option>
        ))}
        {draft.mechanic && !games.some((g) => g.id === draft.mechanic) && <option value={draft.mechanic}>{draft.mechanic}</option>}
      </Select>
    </Field>
  );

  return (
    <div className="space-y-5">
      <Field label="When a player…" error={errors.trigger_type ?? errors.trigger_params}>
        <RadioCards name="trigger_type" value={draft.trigger_type} onChange={(v) => set({ trigger_type: v })} options={TRIGGERS} columns={3} />
      </Field>

      {draft.trigger_type === "game_won" && (
        <>
          <div className="grid gap-5 sm:grid-cols-3">
            {gameSelect}
            <Field label="From level" htmlFor="c-level-min" error={errors["trigger_params.level_min"]} hint="Empty: level 1.">
              <Input id="c-level-min" inputMode="numeric" placeholder="1" value={draft.level_min} onChange={(e) => set({ level_min: e.target.value })} invalid={!!errors["trigger_params.level_min"]} />
            </Field>
            <Field label="To level" htmlFor="c-level-max" error={errors["trigger_params.level_max"]} hint="Empty: no upper limit.">
              <Input id="c-level-max" inputMode="numeric" placeholder="Any" value={draft.level_max} onChange={(e) => set({ level_max: e.target.value })} invalid={!!errors["trigger_params.level_max"]} />
            </Field>
          </div>
          <div className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 p-4">
            <div>
              <label htmlFor="c-first-only" className="text-sm font-medium text-slate-900">
                Reward each level once
              </label>
              <p className="mt-0.5 text-xs text-slate-500">
                On: every level won can earn a reward (up to the per-player limit). Off: a player earns only by the campaign&apos;s own limits, whichever level.
              </p>
            </div>
            <Switch id="c-first-only" label="Reward each level once" checked={draft.first_completion_only} onChange={(v) => set({ first_completion_only: v })} />
          </div>
        </>
      )}

      {draft.trigger_type === "track_completed" && <div className="sm:max-w-xs">{gameSelect}</div>}

      {draft.trigger_type === "streak_reached" && (
        <Field label="Streak length (days)" htmlFor="c-days" error={errors["trigger_params.days"]} hint="2 to 365 consecutive days. Needs the Daily Streak game." className="sm:max-w-xs">
          <Input id="c-days" inputMode="numeric" value={draft.days} onChange={(e) => set({ days: e.target.value })} invalid={!!errors["trigger_params.days"]} />
        </Field>
      )}

      <p className="text-xs text-slate-500">Replays of a level and later rounds of a finished game never earn a reward; anonymous players never do.</p>
    </div>
  );
}
