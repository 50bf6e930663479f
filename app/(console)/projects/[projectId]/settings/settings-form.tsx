"use client";

import { useEffect, useRef, useState } from "react";
import { ErrorAlert } from "@/app/_components/Alert";
import { Button } from "@/app/_components/Button";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { Field } from "@/app/_components/Field";
import { Input, Select, Textarea } from "@/app/_components/Input";
import { RadioCards } from "@/app/_components/RadioCards";
import { Skeleton } from "@/app/_components/Spinner";
import { colorProblem, isHex } from "@/app/_lib/color";
import { errorCode, fieldErrors } from "@/app/_lib/errors";
import { originProblem, parseOrigins } from "../../origins";
import { useProject, useUpdateProject, type TProject, type TProjectPatch } from "../use-project";
import { ColorPreview } from "./color-preview";
import { CURRENCY_CHOICES, currencyLabel } from "./currencies";
import { LanguagesCard } from "./languages-card";
import { WidgetPreviewFrame } from "./widget-preview-frame";

type TGameMode = "free_play" | "rewards";
type TExposure = "all" | "ab_test" | "off";

export function SettingsForm() {
  const { data } = useProject();
  const [justSaved, setJustSaved] = useState(false);
  if (!data) return <Skeleton className="h-96 rounded-xl" />;
  // Re-seed the form whenever the saved project changes.
  return <Form key={data.updated_at} project={data} justSaved={justSaved} onSaved={setJustSaved} />;
}

function Form({ project, justSaved, onSaved }: { project: TProject; justSaved: boolean; onSaved: (v: boolean) => void }) {
  const update = useUpdateProject();
  const [name, setName] = useState(project.name);
  const [origins, setOrigins] = useState(project.allowed_origins.join("\n"));
  const [gameMode, setGameMode] = useState(project.game_mode as TGameMode);
  const [exposure, setExposure] = useState(project.exposure_mode as TExposure);
  const [webhook, setWebhook] = useState(project.webhook_url ?? "");
  const [color, setColor] = useState(project.primary_color);
  const [currency, setCurrency] = useState(project.currency);
  const [languages, setLanguages] = useState<string[]>(project.languages);
  const [defaultLanguage, setDefaultLanguage] = useState(project.default_language);
  const [local, setLocal] = useState<Record<string, string>>({});

  const clear = (key: string) =>
    setLocal((l) => {
      if (!(key in l)) return l;
      const { [key]: _dropped, ...rest } = l;
      return rest;
    });
  /** Sets a field and drops its stale client-side error. */
  const edit = (set: (v: string) => void, key: string) => (v: string) => {
    set(v);
    clear(key);
  };

  const server = fieldErrors(update.error);
  if (errorCode(update.error) === "mode_not_allowed") server.game_mode = "The selected game does not support this mode.";
  // the colour is checked as it is typed, not only on save
  const typedColor = colorProblem(color);
  const errors: Record<string, string | undefined> = { ...server, ...local, ...(typedColor ? { primary_color: typedColor } : {}) };
  const formRef = useRef<HTMLFormElement>(null);
  const [reveal, setReveal] = useState(0);
  // After a refused save, bring the first problem into view above the sticky save bar and focus it.
  useEffect(() => {
    if (!reveal) return;
    const alert = formRef.current?.querySelector<HTMLElement>("[role=alert]");
    const field = alert?.closest<HTMLElement>("[data-field]") ?? alert;
    // the error line is "<id>-error": focus the control it belongs to (not, say, the colour picker beside it)
    const control = alert?.id ? document.getElementById(alert.id.replace(/-error$/, "")) : field?.querySelector<HTMLElement>("input,textarea");
    control?.focus({ preventScroll: true });
    field?.scrollIntoView({ block: "center" });
  }, [reveal]);
  useEffect(() => {
    if (update.error) setReveal((n) => n + 1);
  }, [update.error]);

  const patch: TProjectPatch = {};
  if (name.trim() !== project.name) patch.name = name.trim();
  const originList = parseOrigins(origins);
  if (originList.join("\n") !== project.allowed_origins.join("\n")) patch.allowed_origins = originList;
  if (gameMode !== project.game_mode) patch.game_mode = gameMode;
  if (exposure !== project.exposure_mode) patch.exposure_mode = exposure;
  if ((webhook.trim() || null) !== project.webhook_url) patch.webhook_url = webhook.trim() || null;
  if (color.toLowerCase() !== project.primary_color.toLowerCase()) patch.primary_color = color;
  if (currency !== project.currency) patch.currency = currency;
  if (languages.join() !== project.languages.join()) patch.languages = languages;
  if (defaultLanguage !== project.default_language) patch.default_language = defaultLanguage;
  const dirty = Object.keys(patch).length > 0;

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const problems: Record<string, string> = {};
    const originError = originProblem(originList);
    if (originError) problems.allowed_origins = originError;
    if (!name.trim()) problems.name = "A name is required.";
    const colorError = colorProblem(color);
    if (colorError) problems.primary_color = colorError;
    if (webhook.trim() && !/^https?:\/\/\S+$/.test(webhook.trim())) problems.webhook_url = "Use an http(s) URL.";
    setLocal(problems);
    onSaved(false);
    if (Object.keys(problems).length > 0) setReveal((n) => n + 1);
    if (Object.keys(problems).length === 0 && dirty) update.save(patch).then(() => onSaved(true), () => undefined);
  }

  return (
    <form ref={formRef} onSubmit={submit} className="space-y-6" noValidate>

      <Card>
        <CardHeader title="General" description="How this project is named and where the widget may run." />
        <CardBody className="space-y-5">
          <Field label="Project name" htmlFor="name" error={errors.name}>
            <Input id="name" value={name} maxLength={100} onChange={(e) => edit(setName, "name")(e.target.value)} invalid={!!errors.name} />
          </Field>
          <Field label="Allowed origins" htmlFor="origins" error={errors.allowed_origins} hint="One per line, like https://shop.example. Every mode except free play requires the page's origin to be listed.">
            <Textarea id="origins" rows={4} className="font-mono" value={origins} onChange={(e) => edit(setOrigins, "allowed_origins")(e.target.value)} invalid={!!errors.allowed_origins} />
          </Field>
          <Field label="Reward webhook URL" htmlFor="webhook" error={errors.webhook_url} hint="Wins are POSTed here as signed reward.eligible events. Leave empty to disable.">
            <Input id="webhook" type="url" placeholder="https://api.shop.example/playloop/webhook" value={webhook} onChange={(e) => edit(setWebhook, "webhook_url")(e.target.value)} invalid={!!errors.webhook_url} />
          </Field>
          <Field label="Currency" htmlFor="currency" error={errors.currency} hint="What the wheel's budgets and prize costs are counted in. Changing it does not convert amounts already set.">
            <Select id="currency" value={currency} onChange={(e) => edit(setCurrency, "currency")(e.target.value)} invalid={!!errors.currency}>
              {[...new Set([currency, ...CURRENCY_CHOICES])].map((c) => (
                <option key={c} value={c}>
                  {currencyLabel(c)}
                </option>
              ))}
            </Select>
          </Field>
        </CardBody>
      </Card>

      <Card>
        <CardHeader title="Mode & audience" description="Whether wins earn rewards, and who sees the widget." />
        <CardBody className="space-y-6">
          <Field label="Game mode" error={errors.game_mode}>
            <RadioCards
              name="game_mode"
              value={gameMode}
              onChange={setGameMode}
              invalid={!!errors.game_mode}
              options={[
                { value: "free_play", label: "Free play", description: "Just for fun. Anonymous players, no rewards." },
                { value: "rewards", label: "Rewards", description: "Campaigns create reward claims and webhooks." },
              ]}
            />
          </Field>
          <Field label="Exposure" error={errors.exposure_mode}>
            <RadioCards
              name="exposure_mode"
              value={exposure}
              onChange={setExposure}
              columns={3}
              options={[
                { value: "all", label: "Everyone", description: "Every visitor sees the widget." },
                { value: "ab_test", label: "A/B test", description: "50/50 treatment and control." },
                { value: "off", label: "Off", description: "Hidden for everyone." },
              ]}
            />
          </Field>
        </CardBody>
      </Card>

      <LanguagesCard
        languages={languages}
        onLanguages={(l) => (setLanguages(l), clear("languages"))}
        defaultLanguage={defaultLanguage}
        onDefault={(c) => (setDefaultLanguage(c), clear("default_language"))}
        errors={errors}
      />

      <Card>
        <CardHeader title="Brand colour" description="Used in the widget. The accent is adjusted automatically so white text on it stays readable." />
        <CardBody className="grid gap-6 md:grid-cols-2">
          <Field label="Primary colour" htmlFor="color" error={errors.primary_color} hint="Hex, like #4F46E5. Checked as you type.">
            <div className="flex items-center gap-2">
              <input
                type="color"
                aria-label="Pick a colour"
                value={isHex(color) ? color : project.primary_color}
                onChange={(e) => edit(setColor, "primary_color")(e.target.value)}
                className="h-10 w-14 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
              />
              <Input id="color" value={color} onChange={(e) => edit(setColor, "primary_color")(e.target.value.trim())} maxLength={7} className="font-mono uppercase" invalid={!!errors.primary_color} />
            </div>
          </Field>
          <ColorPreview primary={color} savedPrimary={project.primary_color} />
          <WidgetPreviewFrame projectId={project.project_id} color={color} fallback={project.primary_color} />
        </CardBody>
      </Card>

      {update.error && errorCode(update.error) !== "validation_error" && <ErrorAlert error={update.error} />}
      <div data-save-bar className="sticky bottom-0 z-10 -mx-4 flex items-center justify-end gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-xl sm:border sm:px-5 sm:shadow-sm">
        <span className={`mr-auto text-sm ${!dirty && justSaved ? "font-medium text-emerald-700" : "text-slate-500"}`} role="status">
          {dirty ? "You have unsaved changes." : justSaved ? "✓ Changes saved" : "No unsaved changes."}
        </span>
        <Button type="submit" disabled={!dirty} loading={update.isPending} title={dirty ? undefined : "Nothing to save yet: change a setting first"}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
