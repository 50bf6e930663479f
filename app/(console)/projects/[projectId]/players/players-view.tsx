"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/app/_components/Button";
import { Card, CardBody, CardHeader } from "@/app/_components/Card";
import { Field } from "@/app/_components/Field";
import { Input } from "@/app/_components/Input";
import { useProjectId } from "../use-project";

/** Find a player by the id the integrator's server gives them, then open their page. */
export function PlayersView() {
  const projectId = useProjectId();
  const router = useRouter();
  const [typed, setTyped] = useState("");
  return (
    <Card>
      <CardHeader title="Find a player" description="Progress, sessions, runs with every move, fraud status — and erasure of their data on request (GDPR)." />
      <CardBody>
        <form
          className="flex flex-col gap-2 sm:flex-row sm:items-end"
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            const id = typed.trim();
            if (id) router.push(`/projects/${projectId}/players/${encodeURIComponent(id)}`);
          }}
        >
          <Field label="External user ID" htmlFor="players-lookup" className="flex-1" hint="The ID your server passes when it issues a player session (anonymous widget players start with anon_).">
            <Input id="players-lookup" className="font-mono" maxLength={128} value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="customer-1234" />
          </Field>
          <Button type="submit" disabled={!typed.trim()} className="sm:mb-6">
            Open player
          </Button>
        </form>
      </CardBody>
    </Card>
  );
}
