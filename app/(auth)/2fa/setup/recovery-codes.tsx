"use client";

import { useState } from "react";
import { Alert } from "@/app/_components/Alert";
import { Button } from "@/app/_components/Button";
import { CopyButton } from "@/app/_components/CopyButton";
import { CheckIcon, DownloadIcon } from "@/app/_components/Icons";
import { Checkbox } from "@/app/_components/Input";
import { AuthCard } from "../../auth-card";

/** Shown exactly once, right after enrollment: the codes live only in this component's props. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [saved, setSaved] = useState(false);
  const text = codes.join("\n");

  function download() {
    const blob = new Blob([`Playloop recovery codes\nEach code works once.\n\n${text}\n`], { type: "text/plain" });
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = "playloop-recovery-codes.txt";
    a.click();
    URL.revokeObjectURL(url);
  }

  return (
    <AuthCard
      width="lg"
      icon={<CheckIcon />}
      title="Two-factor is on"
      description="Save these recovery codes somewhere safe. Each one signs you in once if you lose your authenticator."
    >
      <Alert tone="warning" className="mb-5">
        This is the only time these codes are shown.
      </Alert>
      <ol className="grid gap-2 rounded-xl border border-slate-200 bg-slate-50 p-4 font-mono text-[13px] text-slate-800 sm:grid-cols-2" data-testid="recovery-codes">
        {codes.map((c) => (
          <li key={c} className="rounded-md bg-white px-1 py-1.5 text-center whitespace-nowrap ring-1 ring-slate-200">
            {c}
          </li>
        ))}
      </ol>
      <div className="mt-4 flex flex-wrap gap-2">
        <CopyButton text={text} label="Copy all" size="md" />
        <Button variant="secondary" onClick={download}>
          <DownloadIcon className="size-4" /> Download .txt
        </Button>
      </div>
      <label className="mt-6 flex cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3 text-sm text-slate-700 hover:bg-slate-50">
        <Checkbox className="mt-0.5" checked={saved} onChange={(e) => setSaved(e.target.checked)} />
        I saved my recovery codes in a safe place.
      </label>
      <Button size="lg" className="mt-4 w-full" disabled={!saved} onClick={onDone}>
        Continue to the console
      </Button>
    </AuthCard>
  );
}
