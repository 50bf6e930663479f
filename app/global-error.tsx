"use client";

import "./globals.css";
import { Button } from "./_components/Button";
import { StatusPage } from "./_components/StatusPage";

/** The root layout itself failed: this replaces the whole document, so it brings its own html/body. */
export default function GlobalError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <body className="min-h-full font-sans">
        <StatusPage code="Something went wrong" title="Playloop hit a problem" text="Nothing you did was lost. Try again in a moment.">
          <Button size="lg" onClick={() => reset()}>
            Try again
          </Button>
        </StatusPage>
      </body>
    </html>
  );
}
