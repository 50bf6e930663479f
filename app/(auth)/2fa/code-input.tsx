"use client";

import { Input } from "@/app/_components/Input";

/** A one-time code field: digits only for TOTP, free text for recovery codes. */
export function CodeInput({ id, value, onChange, recovery = false, invalid, autoFocus = true }: { id: string; value: string; onChange: (v: string) => void; recovery?: boolean; invalid?: boolean; autoFocus?: boolean }) {
  return (
    <Input
      id={id}
      value={value}
      onChange={(e) => onChange(recovery ? e.target.value : e.target.value.replace(/\D/g, "").slice(0, 6))}
      inputMode={recovery ? "text" : "numeric"}
      autoComplete="one-time-code"
      autoFocus={autoFocus}
      spellCheck={false}
      // the real format: four groups of five lowercase hex characters
      placeholder={recovery ? "xxxxx-xxxxx-xxxxx-xxxxx" : "123456"}
      maxLength={recovery ? 64 : 6}
      invalid={invalid}
      className={recovery ? "h-12 text-center font-mono text-base" : "h-12 text-center font-mono text-lg tracking-[0.3em]"}
    />
  );
}
