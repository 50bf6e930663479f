"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { ErrorAlert } from "@/app/_components/Alert";
import { Button } from "@/app/_components/Button";
import { Field } from "@/app/_components/Field";
import { Input, Textarea } from "@/app/_components/Input";
import { fieldErrors } from "@/app/_lib/errors";
import { useTRPC } from "@/app/_lib/trpc";
import { originProblem, parseOrigins } from "./origins";

export function CreateProjectForm({ onCancel }: { onCancel?: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [name, setName] = useState("");
  const [origins, setOrigins] = useState("");
  const [localError, setLocalError] = useState<string | null>(null);
  const create = useMutation(
    trpc.projects.create.mutationOptions({
      onSuccess: async (project) => {
        await queryClient.invalidateQueries({ queryKey: trpc.projects.list.queryKey() });
        router.push(`/projects/${project.project_id}`);
      },
    }),
  );
  const errors = fieldErrors(create.error);
  const originsError = localError ?? errors.allowed_origins;

  return (
    <form
      id="new"
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault();
        const list = parseOrigins(origins);
        const problem = originProblem(list);
        setLocalError(problem);
        if (!problem) create.mutate({ name: name.trim(), allowed_origins: list });
      }}
    >
      {create.error && !errors.name && !errors.allowed_origins && <ErrorAlert error={create.error} />}
      <Field label="Project name" htmlFor="project-name" error={errors.name} hint="Usually your site or app, e.g. “Acme Shop”.">
        <Input id="project-name" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} placeholder="Acme Shop" invalid={!!errors.name} />
      </Field>
      <Field
        label="Allowed origins"
        htmlFor="project-origins"
        error={originsError}
        hint="One per line. The sites that may embed the widget, e.g. https://shop.example. You can change these later."
        aside={<span className="text-xs text-slate-500">Optional</span>}
      >
        <Textarea
          id="project-origins"
          rows={3}
          value={origins}
          onChange={(e) => setOrigins(e.target.value)}
          placeholder={"https://shop.example\nhttps://www.shop.example"}
          className="font-mono"
          invalid={!!originsError}
        />
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" loading={create.isPending || create.isSuccess} disabled={!name.trim()}>
          Create project
        </Button>
      </div>
    </form>
  );
}
