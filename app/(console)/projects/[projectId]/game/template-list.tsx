"use client";

import { formatNumber } from "@/i18n/format";
import type { inferRouterOutputs } from "@trpc/server";
import { Badge, type TBadgeTone } from "@/app/_components/Badge";
import { Button } from "@/app/_components/Button";
import { cx } from "@/app/_components/cx";
import type { TConsoleRouter } from "@/server/routers/console";
import { gameModeLabel } from "../../labels";

export type TTemplate = inferRouterOutputs<TConsoleRouter>["projects"]["templates"]["templates"][number];

const STATUS: Record<TTemplate["client_status"], { tone: TBadgeTone; label: string }> = {
  ready: { tone: "green", label: "Ready" },
  disabled: { tone: "neutral", label: "Disabled" },
  not_built: { tone: "amber", label: "Not built" },
  unsupported_version: { tone: "red", label: "Unsupported version" },
};

type TListProps = { templates: TTemplate[]; selected: string | null; gameMode: string; pendingId: string | null; onSelect: (t: TTemplate) => void };

export function TemplateList({ templates, selected, gameMode, pendingId, onSelect }: TListProps) {
  return (
    <ul className="divide-y divide-slate-100" data-testid="template-list">
      {templates.map((t) => {
        const isSelected = t.id === selected;
        const status = STATUS[t.client_status];
        const modeOk = t.allowed_modes.includes(gameMode);
        return (
          <li key={t.id} className={cx("flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center sm:px-6", isSelected && "bg-brand-50/50")}>
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-slate-900">{t.player_title}</span>
                <Badge tone={status.tone}>{status.label}</Badge>
                {t.kind === "legacy_template" && <Badge>Legacy</Badge>}
                {isSelected && <Badge tone="brand">Selected</Badge>}
              </div>
              <p className="mt-1 text-xs text-slate-500">
                <span className="font-mono">{t.id}</span> · {t.allowed_modes.map(gameModeLabel).join(" & ")}
                {t.stats.projects_using > 0 && ` · used by ${formatNumber(t.stats.projects_using)} of your projects`}
              </p>
              {!modeOk && !isSelected && <p className="mt-1 text-xs text-amber-700">Needs {t.allowed_modes.map(gameModeLabel).join(" or ")} mode.</p>}
            </div>
            {isSelected ? (
              <span className="text-sm font-medium text-brand-700">Current game</span>
            ) : (
              <Button
                size="sm"
                variant={t.selectable ? "secondary" : "ghost"}
                disabled={!t.selectable || pendingId !== null}
                loading={pendingId === t.id}
                onClick={() => onSelect(t)}
                title={t.selectable ? undefined : `Unavailable: ${status.label.toLowerCase()}`}
              >
                {t.selectable ? "Select" : "Unavailable"}
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
