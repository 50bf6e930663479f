"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { ErrorAlert } from "@/app/_components/Alert";
import { Badge } from "@/app/_components/Badge";
import { Button } from "@/app/_components/Button";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { Input, Select, Textarea } from "@/app/_components/Input";
import { PageHeader } from "@/app/_components/PageHeader";
import { Skeleton } from "@/app/_components/Spinner";
import { Switch } from "@/app/_components/Switch";
import { errorCode } from "@/app/_lib/errors";
import { cancelInFlight } from "@/app/_lib/query-data";
import { useTRPC } from "@/app/_lib/trpc";
import { LANGUAGES } from "@/i18n/languages";
import { useProject, useProjectId } from "../use-project";
import { previewMessage } from "./preview";

const SCREENS: Record<string, string> = {
  games: "Game names", lobby: "Lobby", howto: "How to play", hud: "Game header", game: "During a game", refusal: "Refused moves", result: "End screen",
  booster: "Boosters", wheel: "Prize wheel", goals: "Goals", match3: "Gem Match", memory: "Memory Pairs", parcel: "Parcel Pilot", shell: "Loading and errors", common: "Common", launcher: "Launcher on your site",
  reward: "Reward status",
};

/**
 * The project's own wording: every message the players see, per language, with the catalogue's
 * text, a note on where it shows, and a field for the project's own; each field previews the
 * message as players will read it (sample values) and says at once what would keep it from saving.
 */
export function WordingEditor() {
  const trpc = useTRPC();
  const projectId = useProjectId();
  const { data: project } = useProject();
  const [lang, setLang] = useState<string | null>(null);
  const language = lang ?? project?.default_language ?? "en";
  const query = useQuery(trpc.projects.wording.queryOptions({ project_id: projectId, lang: language }));
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [search, setSearch] = useState("");
  const [ownOnly, setOwnOnly] = useState(false);
  // One screen's messages at a time (a search or "only my own" looks across all of them).
  const [screenPick, setScreenPick] = useState<string | null>(null);
  const save = useMutation(
    trpc.projects.setWording.mutationOptions({
      onSuccess: async (view, saved) => {
        // The language the save was for: the picker may have moved on while it was out.
        const key = trpc.projects.wording.queryKey({ project_id: saved.project_id, lang: saved.lang });
        await cancelInFlight(queryClient, key);
        queryClient.setQueryData(key, view);
        setDrafts({});
      },
    }),
  );

  const entries = query.data?.entries ?? [];
  const changes = useMemo(() => {
    const out: Record<string, string | null> = {};
    for (const e of entries) {
      const d = drafts[e.key];
      if (d === undefined) continue;
      const next = d.trim() === "" || d === e.catalogue ? null : d;
      if (next !== e.own) out[e.key] = next;
    }
    return out;
  }, [drafts, entries]);
  const problems = Object.entries(changes).filter(([k, v]) => v !== null && previewMessage(language, k, v).issues.length > 0).length;
  const needle = search.trim().toLowerCase();
  const shown = entries.filter(
    (e) => (!ownOnly || e.own !== null || drafts[e.key] !== undefined) && (!needle || [e.key, e.catalogue, e.own ?? "", e.source].some((t) => t.toLowerCase().includes(needle))),
  );
  const everyGroup = new Map<string, typeof shown>();
  for (const e of shown) {
    const screen = e.key.split(".")[0]!;
    everyGroup.set(screen, [...(everyGroup.get(screen) ?? []), e]);
  }
  const screens = [...new Set(entries.map((e) => e.key.split(".")[0]!))];
  const screen = screenPick ?? screens[0] ?? "";
  const across = needle !== "" || ownOnly;
  const groups = across ? everyGroup : new Map([...everyGroup].filter(([k]) => k === screen));
  const ownCount = entries.filter((e) => e.own !== null).length;
  const changeCount = Object.keys(changes).length;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Wording"
        description="Every word your players read, in each language: Playloop's text, or your own. Your own text is shown wherever the players' language is this one; leave a field empty to use Playloop's."
      />
      <Card>
        <CardBody className="grid gap-4 sm:grid-cols-[12rem_12rem_1fr_auto] sm:items-end">
          <label className="text-sm font-medium text-slate-700">
            Language
            <Select className="mt-1" value={language} onChange={(e) => (setLang(e.target.value), setDrafts({}))} aria-label="Language">
              {LANGUAGES.map((l) => (
                <option key={l.code} value={l.code}>
                  {l.name} ({l.code})
                </option>
              ))}
            </Select>
          </label>
          <label className="text-sm font-medium text-slate-700">
            Screen
            <Select className="mt-1" value={screen} onChange={(e) => setScreenPick(e.target.value)} aria-label="Screen" disabled={across} title={across ? "Showing every screen's matches" : undefined}>
              {screens.map((k) => (
                <option key={k} value={k}>
                  {SCREENS[k] ?? k} ({entries.filter((e) => e.key.startsWith(`${k}.`)).length})
                </option>
              ))}
            </Select>
          </label>
          <label className="text-sm font-medium text-slate-700">
            Find a message
            <Input className="mt-1" type="search" placeholder="Search keys and text, like “reward” or “Play level”" value={search} onChange={(e) => setSearch(e.target.value)} />
          </label>
          <div className="flex items-center gap-2 text-sm text-slate-700">
            <Switch checked={ownOnly} onChange={setOwnOnly} label="Only my own wording" />
            <span aria-hidden="true">Only my own ({ownCount})</span>
          </div>
        </CardBody>
      </Card>

      {query.error && <ErrorAlert error={query.error} />}
      {!query.data && !query.error && <Skeleton className="h-96 rounded-xl" />}
      {[...groups].map(([screen, items]) => (
        <Card key={screen}>
          <CardHeader title={SCREENS[screen] ?? screen} description={`${items.length} ${items.length === 1 ? "message" : "messages"}`} />
          <CardBody className="divide-y divide-slate-100 p-0">
            {items.map((e) => {
              const draft = drafts[e.key] ?? e.own ?? "";
              const text = draft.trim() === "" ? e.catalogue : draft;
              const preview = previewMessage(language, e.key, text);
              const mine = (drafts[e.key] !== undefined ? draft.trim() !== "" && draft !== e.catalogue : e.own !== null);
              return (
                <div key={e.key} className="grid gap-3 px-5 py-4 lg:grid-cols-2" data-testid={`wording-${e.key}`} data-key={e.key}>
                  <div className="min-w-0 space-y-1">
                    <div className="flex items-center gap-2">
                      <code className="truncate text-xs text-slate-500">{e.key}</code>
                      {mine && <Badge tone="brand">Your own</Badge>}
                    </div>
                    {/* a message with values is ICU syntax: shown as such, in monospace */}
                    <p lang={language} className={e.catalogue.includes("{") ? "font-mono text-xs leading-relaxed text-slate-900" : "text-sm text-slate-900"}>
                      {e.catalogue}
                    </p>
                    <p className="text-xs text-slate-500">
                      <Note text={e.note} />
                    </p>
                  </div>
                  <div className="min-w-0 space-y-1">
                    <Textarea
                      lang={language}
                      dir={LANGUAGES.find((l) => l.code === language)?.dir ?? "ltr"}
                      rows={Math.min(4, Math.max(1, Math.ceil(e.catalogue.length / 60)))}
                      aria-label={`Your own text for ${e.key}`}
                      placeholder="Playloop's text"
                      value={draft}
                      invalid={preview.issues.length > 0}
                      onChange={(ev) => setDrafts((d) => ({ ...d, [e.key]: ev.target.value }))}
                    />
                    {preview.issues.length > 0 ? (
                      <p role="alert" className="text-xs text-red-700">
                        {preview.issues.join("; ")}
                      </p>
                    ) : (
                      <p className="text-xs text-slate-600" lang={language} data-testid="wording-preview">
                        <span className="text-slate-500">Players read: </span>
                        {preview.lines.join(" · ")}
                      </p>
                    )}
                  </div>
                </div>
              );
            })}
          </CardBody>
        </Card>
      ))}
      {save.error && errorCode(save.error) !== "validation_error" && <ErrorAlert error={save.error} />}
      <div data-save-bar className="sticky bottom-0 z-10 -mx-4 flex items-center justify-end gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border sm:px-5 sm:shadow-sm">
        <span className="mr-auto text-sm text-slate-500" role="status">
          {changeCount === 0 ? (save.isSuccess ? "✓ Wording saved" : "No unsaved changes.") : problems > 0 ? `${problems} to fix before saving` : `${changeCount} unsaved ${changeCount === 1 ? "change" : "changes"}`}
        </span>
        <Button disabled={changeCount === 0 || problems > 0} loading={save.isPending} onClick={() => save.mutate({ project_id: projectId, lang: language, overrides: changes })}>
          Save wording
        </Button>
      </div>
    </div>
  );
}

/** A translator's note, with the keys, codes and {values} it names set as code. */
function Note({ text }: { text: string }) {
  const parts = text.split(/(\{[a-z_]+\}|\b[a-z][a-z0-9_]*(?:\.[a-z0-9_*]+)+\b|\b[a-z]+_[a-z0-9_]+\b)/g);
  return (
    <>
      {parts.map((p, i) =>
        i % 2 === 1 ? (
          <code key={i} className="rounded bg-slate-100 px-1 text-[11px] text-slate-700">
            {p}
          </code>
        ) : (
          p
        ),
      )}
    </>
  );
}
