"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ErrorAlert } from "@/app/_components/Alert";
import { Badge } from "@/app/_components/Badge";
import { Button } from "@/app/_components/Button";
import { Card, CardBody, CardFooter, CardHeader } from "@/app/_components/Card";
import { Field } from "@/app/_components/Field";
import { Textarea } from "@/app/_components/Input";
import { Skeleton } from "@/app/_components/Spinner";
import { fieldErrors } from "@/app/_lib/errors";
import { useTRPC } from "@/app/_lib/trpc";
import { useUpdateProject } from "../use-project";

/** Limits of `legacy_goal_overrides` (projects.update). */
const MAX_GOALS = 10;
const MAX_CHARS = 200;

/** Non-empty, trimmed lines with their 1-based line numbers in the text. */
function goalLines(text: string): Array<{ line: number; goal: string }> {
  return text
    .split("\n")
    .map((raw, i) => ({ line: i + 1, goal: raw.trim() }))
    .filter((l) => l.goal.length > 0);
}

function problemOf(lines: Array<{ line: number; goal: string }>): string | null {
  const long = lines.find((l) => l.goal.length > MAX_CHARS);
  if (long) return `Line ${long.line}: keep each goal to ${MAX_CHARS} characters or fewer (this one has ${long.goal.length}).`;
  if (lines.length > MAX_GOALS) return `Use at most ${MAX_GOALS} goals (you have ${lines.length}).`;
  return null;
}

/**
 * Textual goals of the legacy Daily Streak (`streak_v1`). The project's overrides replace the
 * default extra goals; the default streak goal always comes first and cannot be removed. The API
 * reads back only the merged list, so the editor is seeded with the goals after the streak goal.
 */
export function StreakGoals({ projectId, entryMode }: { projectId: string; entryMode: string }) {
  const trpc = useTRPC();
  const goals = useQuery({ ...trpc.projects.levelGoals.queryOptions({ project_id: projectId }), staleTime: 0, refetchOnMount: "always" });
  // Bumped after each save once the merged list is read back; re-seeds the editor from it.
  const [saves, setSaves] = useState(0);
  const merged = goals.data?.legacy_goals ?? [];
  const wheelOnly = entryMode === "wheel_only";

  return (
    <Card data-testid="streak-goals">
      <CardHeader
        title="Streak goals"
        description="What the Daily Streak asks players to do. Your goals replace the default extra goals; the default streak goal is always kept as the first goal."
        actions={goals.data && !wheelOnly ? <Badge tone="neutral">{merged.length} goals</Badge> : undefined}
      />
      {goals.error && <ErrorAlert error={goals.error} className="mx-5 my-4 sm:mx-6" />}
      {/* Until this mount's own fetch is in, a cached answer may be another game's goals: an editor
          seeded from it would be re-seeded (and the admin's typing lost) when the fresh one lands. */}
      {goals.isPending || !goals.isFetchedAfterMount ? (
        <CardBody className="grid gap-6 md:grid-cols-2">
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </CardBody>
      ) : (
        goals.data && (
          <Editor
            key={`${saves}:${merged.join("\n")}`}
            projectId={projectId}
            merged={merged}
            wheelOnly={wheelOnly}
            justSaved={saves > 0}
            onSaved={() => setSaves((n) => n + 1)}
          />
        )
      )}
    </Card>
  );
}

type TEditorProps = { projectId: string; merged: string[]; wheelOnly: boolean; justSaved: boolean; onSaved: () => void };

function Editor({ projectId, merged, wheelOnly, justSaved, onSaved }: TEditorProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useUpdateProject();
  const saved = merged.slice(1);
  const [text, setText] = useState(saved.join("\n"));
  const [local, setLocal] = useState<string | null>(null);

  const lines = goalLines(text);
  const dirty = lines.map((l) => l.goal).join("\n") !== saved.join("\n");
  const server = fieldErrors(update.error).legacy_goal_overrides;
  const error = local ?? server ?? null;

  async function save(overrides: string[]) {
    try {
      await update.save({ legacy_goal_overrides: overrides });
    } catch {
      return;
    }
    // The merged list is the server's answer: read it back before saying "saved".
    await queryClient.invalidateQueries({ queryKey: trpc.projects.levelGoals.queryKey({ project_id: projectId }) });
    onSaved();
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const problem = problemOf(lines);
    setLocal(problem);
    if (!problem && dirty) void save(lines.map((l) => l.goal));
  }

  return (
    <form onSubmit={submit} noValidate>
      <CardBody className="grid gap-6 md:grid-cols-2">
        <Field
          label="Your goals"
          htmlFor="streak-goals-input"
          error={error}
          hint={`One goal per line, up to ${MAX_GOALS} goals of ${MAX_CHARS} characters. Leave empty to use the default goals.`}
        >
          <Textarea
            id="streak-goals-input"
            rows={6}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setLocal(null);
            }}
            placeholder="One goal per line"
            invalid={!!error}
          />
        </Field>
        <div className="space-y-1.5">
          <p className="text-sm font-medium text-slate-700">Players see</p>
          {wheelOnly ? (
            <p className="rounded-lg border border-dashed border-slate-200 px-4 py-3 text-sm text-slate-500">
              Entry is set to Wheel only, so players go straight to the wheel and see no streak goals.
            </p>
          ) : (
            <ol className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm" data-testid="legacy-goals">
              {merged.map((g, i) => (
                <li key={`${i}:${g}`} className="flex items-start gap-3 px-3 py-2.5">
                  <span className="w-4 shrink-0 text-right font-semibold text-slate-500 tabular-nums">{i + 1}</span>
                  <span className="min-w-0 flex-1 break-words text-slate-700">{g}</span>
                  {i === 0 && <Badge tone="brand">Always kept</Badge>}
                </li>
              ))}
            </ol>
          )}
        </div>
      </CardBody>
      {update.error && !error && <ErrorAlert error={update.error} className="mx-5 mb-5 sm:mx-6" />}
      <CardFooter>
        <span className={`mr-auto text-sm ${!dirty && justSaved ? "font-medium text-emerald-700" : "text-slate-500"}`} role="status">
          {dirty ? "You have unsaved changes." : justSaved ? "✓ Goals saved" : "No unsaved changes."}
        </span>
        <Button variant="ghost" disabled={update.isPending} onClick={() => void save([])} title="Drop your goals and use the default ones">
          Use defaults
        </Button>
        <Button type="submit" disabled={!dirty} title={dirty ? undefined : "No changes to save yet"} loading={update.isPending}>
          Save goals
        </Button>
      </CardFooter>
    </form>
  );
}
