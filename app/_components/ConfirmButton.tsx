"use client";

import { useState } from "react";
import { Button } from "./Button";

type TConfirmProps = { label: string; confirmLabel?: string; prompt?: string; loading?: boolean; onConfirm: () => void; "data-testid"?: string };

/** A destructive action that asks inline before it runs. */
export function ConfirmButton({ label, confirmLabel = "Yes, revoke", prompt = "Are you sure?", loading, onConfirm, ...rest }: TConfirmProps) {
  const [asking, setAsking] = useState(false);
  if (!asking && !loading) {
    return (
      <Button variant="secondary" size="sm" className="text-red-600 hover:text-red-700" onClick={() => setAsking(true)} data-testid={rest["data-testid"]}>
        {label}
      </Button>
    );
  }
  return (
    <span className="inline-flex items-center gap-2">
      <span className="hidden text-xs text-slate-500 sm:inline">{prompt}</span>
      <Button
        variant="danger"
        size="sm"
        loading={loading}
        onClick={() => {
          onConfirm();
          setAsking(false);
        }}
      >
        {confirmLabel}
      </Button>
      {!loading && (
        <Button variant="ghost" size="sm" onClick={() => setAsking(false)}>
          Cancel
        </Button>
      )}
    </span>
  );
}
