"use client";

import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { Field } from "@/app/_components/Field";
import { Input } from "@/app/_components/Input";
import { directionOf, languageName, offeredLanguages } from "@/i18n/languages";
import { useProject } from "../use-project";
import type { TDraft, TErrors } from "./campaign-draft";

/**
 * What a winner reads on the result card above the reward's status, in each language the project
 * offers. A player whose language has no message reads the status line only (never another
 * language's message).
 */
export function PlayerMessageCard({ draft, set, errors }: { draft: TDraft; set: (patch: Partial<TDraft>) => void; errors: TErrors }) {
  const project = useProject().data;
  const offered = project ? offeredLanguages(project.languages) : [];
  return (
    <Card>
      <CardHeader title="Message to winners" description="Shown on the game's result card above “Your reward is on its way”, in the player's language. Optional; at most 140 characters." />
      <CardBody>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2" data-testid="player-message">
        {offered.map((code) => {
          const value = draft.player_message[code] ?? "";
          return (
            <Field key={code} label={languageName(code)} htmlFor={`c-message-${code}`} error={errors[`player_message.${code}`]} aside={<span className="text-xs text-slate-500 tabular-nums">{value.length} / 140</span>}>
              <Input
                id={`c-message-${code}`}
                lang={code}
                dir={directionOf(code)}
                maxLength={140}
                placeholder={code === "en" ? "10% off your next order" : undefined}
                value={value}
                onChange={(e) => set({ player_message: { ...draft.player_message, [code]: e.target.value } })}
                invalid={!!errors[`player_message.${code}`]}
              />
            </Field>
          );
        })}
        </div>
      </CardBody>
    </Card>
  );
}
