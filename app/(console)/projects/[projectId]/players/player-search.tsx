"use client";

import { useState } from "react";
import { Button } from "@/app/_components/Button";
import { Field } from "@/app/_components/Field";
import { Input } from "@/app/_components/Input";

/**
 * The one way a console card asks for a player by their external user id (the economy's and the
 * fraud gate's player lookups): the field, "Look up", the id trimmed. `player` is the one shown
 * now; when it is picked elsewhere on the page (a grant, a flag), it replaces what was typed.
 */
export function PlayerSearch({ inputId, player, onPlayer }: { inputId: string; player: string; onPlayer: (id: string) => void }) {
  const [typed, setTyped] = useState(player);
  const [lastPlayer, setLastPlayer] = useState(player);
  if (player !== lastPlayer) {
    setLastPlayer(player);
    setTyped(player);
  }
  return (
    <form
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onPlayer(typed.trim());
      }}
    >
      <Field label="External user ID" htmlFor={inputId} className="flex-1" hint="The ID your server passes when it issues a player session.">
        <Input id={inputId} className="font-mono" maxLength={128} value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="customer-1234" />
      </Field>
      <Button type="submit" variant="secondary" disabled={!typed.trim()} className="sm:mb-6">
        Look up
      </Button>
    </form>
  );
}
