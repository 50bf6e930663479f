"use client";

import { useEffect } from "react";
import { Button } from "./_components/Button";
import { StatusPage } from "./_components/StatusPage";

/** A page that threw while rendering: the same branded frame, with a retry. */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => console.error(error), [error]);
  return (
    <StatusPage code="Something went wrong" title="This page hit a problem" text="Nothing you did was lost. Try again, or go back to your projects.">
      <Button size="lg" onClick={() => reset()}>
        Try again
      </Button>
    </StatusPage>
  );
}
