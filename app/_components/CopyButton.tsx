"use client";

import { useEffect, useState } from "react";
import { Button } from "./Button";
import { CheckIcon, CopyIcon } from "./Icons";

async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  // Fallback for contexts without the async clipboard API (plain http on a LAN address).
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand("copy");
  area.remove();
  if (!ok) throw new Error("copy failed");
}

type TCopyProps = { text: string; onCopied?: () => void; label?: string; variant?: "primary" | "secondary" | "ghost"; size?: "sm" | "md"; className?: string; "data-testid"?: string };

export function CopyButton({ text, onCopied, label = "Copy", variant = "secondary", size = "sm", className, ...rest }: TCopyProps) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const t = setTimeout(() => setState("idle"), 2000);
    return () => clearTimeout(t);
  }, [state]);

  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      data-testid={rest["data-testid"]}
      onClick={() =>
        writeClipboard(text).then(
          () => {
            setState("copied");
            onCopied?.();
          },
          () => setState("failed"),
        )
      }
      aria-live="polite"
    >
      {state === "copied" ? <CheckIcon className="size-4 text-emerald-600" /> : <CopyIcon className="size-4" />}
      {state === "copied" ? "Copied" : state === "failed" ? "Press Ctrl+C" : label}
    </Button>
  );
}
