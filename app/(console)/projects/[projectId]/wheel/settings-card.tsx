"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { ErrorAlert } from "@/app/_components/Alert";
import { Button } from "@/app/_components/Button";
import { Card, CardBody, CardFooter, CardHeader } from "@/app/_components/Card";
import { Field } from "@/app/_components/Field";
import { Input } from "@/app/_components/Input";
import { Skeleton } from "@/app/_components/Spinner";
import { fieldErrors } from "@/app/_lib/errors";
import { cancelInFlight } from "@/app/_lib/query-data";
import { useTRPC } from "@/app/_lib/trpc";
import { useNow } from "../_rewards/format";
import { useProjectId } from "../use-project";
import { plain } from "./server-errors";
import type { TWheelSettings } from "./types";

export function SettingsCard() {
  const trpc = useTRPC();
  const projectId = useProjectId();
  const settings = useQuery(trpc.wheelAdmin.settings.queryOptions({ project_id: projectId }));
  const [justSaved, setJustSaved] = useState(false);
  if (settings.error) return <ErrorAlert error={settings.error} showCode={false} />;
  if (!settings.data) return <Skeleton className="h-48 rounded-xl" />;
  return <SettingsForm key={settings.data.updated_at} saved={settings.data} justSaved={justSaved} onSaved={setJustSaved} />;
}

/** The browser's list of IANA zones (the server checks its own, and says so on the field). */
function useZones(): string[] {
  return useMemo(() => {
    const list = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
    return list.includes("UTC") ? list : ["UTC", ...list];
  }, []);
}

/** "14:05 on Tue 4 Mar" in a zone, or null when the browser does not know the zone. */
function clockIn(zone: string, now: number): string | null {
  try {
    return new Date(now).toLocaleString("en-GB", { timeZone: zone, hour: "2-digit", minute: "2-digit", weekday: "short", day: "numeric", month: "short" });
  } catch {
    return null;
  }
}

function SettingsForm({ saved, justSaved, onSaved }: { saved: TWheelSettings; justSaved: boolean; onSaved: (v: boolean) => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const projectId = useProjectId();
  const zones = useZones();
  const now = useNow(30_000);
  const [zone, setZone] = useState(saved.timezone);
  const save = useMutation(
    trpc.wheelAdmin.updateSettings.mutationOptions({
      onSuccess: async (next) => {
        onSaved(true);
        const key = trpc.wheelAdmin.settings.queryKey({ project_id: projectId });
        await cancelInFlight(queryClient, key);
        queryClient.setQueryData(key, next);
        // "Today" in the stats moves with the zone.
        void queryClient.invalidateQueries({ queryKey: trpc.wheelAdmin.stats.pathKey() });
      },
    }),
  );
  const issue = fieldErrors(save.error).timezone;
  const error = issue ? plain(issue) : undefined;
  const dirty = zone.trim() !== saved.timezone;
  const clock = zone.trim() ? clockIn(zone.trim(), now) : null;

  function submit(e: React.FormEvent) {
    e.preventDefault();
    onSaved(false);
    save.mutate({ project_id: projectId, timezone: zone.trim() });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Card>
        <CardHeader title="Wheel settings" description="For both wheels: where a day ends, for free spins, daily spin limits and daily budgets." />
        <CardBody>
          <Field
            label="Time zone"
            htmlFor="wheel-timezone"
            className="max-w-md"
            error={error}
            hint={clock ? `It is ${clock} there now. A new wheel day starts at midnight.` : "An IANA name such as Europe/Berlin; type to search."}
          >
            <Input
              id="wheel-timezone"
              list="wheel-timezones"
              autoComplete="off"
              spellCheck={false}
              value={zone}
              onChange={(e) => {
                setZone(e.target.value);
                onSaved(false);
                save.reset();
              }}
              invalid={!!error}
              aria-describedby={error ? "wheel-timezone-error" : undefined}
            />
            <datalist id="wheel-timezones">
              {zones.map((z) => (
                <option key={z} value={z} />
              ))}
            </datalist>
          </Field>
          {save.error && !error && <ErrorAlert error={save.error} showCode={false} className="mt-4" />}
        </CardBody>
        <CardFooter>
          <span className={`mr-auto text-sm ${justSaved && !dirty ? "font-medium text-emerald-700" : dirty ? "font-medium text-amber-700" : "text-slate-500"}`} role="status">
            {dirty ? "Unsaved change" : justSaved ? "✓ Time zone saved" : `Days end at midnight in ${saved.timezone}`}
          </span>
          <Button type="submit" disabled={!dirty} title={dirty ? undefined : "No changes to save yet"} loading={save.isPending}>
            Save time zone
          </Button>
        </CardFooter>
      </Card>
    </form>
  );
}
