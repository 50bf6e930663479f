"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert, ErrorAlert } from "@/app/_components/Alert";
import { Button } from "@/app/_components/Button";
import { CopyButton } from "@/app/_components/CopyButton";
import { Field } from "@/app/_components/Field";
import { Checkbox, Input } from "@/app/_components/Input";
import { fieldErrors } from "@/app/_lib/errors";
import { useTRPC } from "@/app/_lib/trpc";
import { useProjectId } from "../use-project";
import { SCOPES, type TScope } from "./scopes";

export function CreateKeyForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const projectId = useProjectId();
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<TScope[]>(["session:issue"]);
  const create = useMutation(
    trpc.projects.createApiKey.mutationOptions({
      onSuccess: () => {
        setName("");
        void queryClient.invalidateQueries({ queryKey: trpc.projects.apiKeys.queryKey({ project_id: projectId }) });
      },
    }),
  );
  const errors = fieldErrors(create.error);
  const toggle = (s: TScope, on: boolean) => setScopes((cur) => (on ? [...cur, s] : cur.filter((x) => x !== s)));

  if (create.data) {
    const { api_key, secret } = create.data;
    return (
      <div className="space-y-4" data-testid="new-key">
        <Alert tone="success" title={`Key “${api_key.name}” created`}>
          Copy the secret now and store it on your server. For security it is <strong>never shown again</strong>.
        </Alert>
        <div className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-900 p-3 sm:flex-row sm:items-center">
          <code className="min-w-0 flex-1 font-mono text-sm break-all text-emerald-300" data-testid="api-key-secret">
            {secret}
          </code>
          <CopyButton text={secret} label="Copy secret" data-testid="copy-api-key" />
        </div>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={() => create.reset()}>
            I stored it, done
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim() && scopes.length > 0) create.mutate({ project_id: projectId, name: name.trim(), scopes });
      }}
    >
      {create.error && !errors.name && <ErrorAlert error={create.error} />}
      <Field label="Key name" htmlFor="key-name" error={errors.name} hint="Where it is used, e.g. “Production backend”.">
        <Input id="key-name" value={name} maxLength={100} onChange={(e) => setName(e.target.value)} placeholder="Production backend" invalid={!!errors.name} />
      </Field>
      <fieldset>
        <legend className="text-sm font-medium text-slate-700">Scopes</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-3">
          {SCOPES.map((s) => (
            <label key={s.id} className="flex cursor-pointer gap-3 rounded-lg border border-slate-200 p-3 text-sm hover:border-slate-300 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50/50">
              <Checkbox className="mt-0.5" checked={scopes.includes(s.id)} onChange={(e) => toggle(s.id, e.target.checked)} aria-describedby={`scope-${s.id}`} />
              <span>
                <span className="block font-medium text-slate-900">{s.label}</span>
                <span className="block font-mono text-xs text-brand-700">{s.id}</span>
                <span id={`scope-${s.id}`} className="mt-1 block text-xs text-slate-600">
                  {s.description}
                </span>
              </span>
            </label>
          ))}
        </div>
        {scopes.length === 0 && <p className="mt-2 text-sm text-red-600">Choose at least one scope.</p>}
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" loading={create.isPending} disabled={!name.trim() || scopes.length === 0}>
          Create key
        </Button>
      </div>
    </form>
  );
}
