"use client";

import { useState } from "react";
import { GrantCard } from "./grant-card";
import { PlayerLookup } from "./player-lookup";
import { SettingsCard } from "./settings-card";

export function EconomyView() {
  const [player, setPlayer] = useState("");
  const show = (id: string) => {
    setPlayer(id);
    // On a phone the lookup card sits below the grant form; bring it into view.
    requestAnimationFrame(() => document.getElementById("player-lookup")?.scrollIntoView({ behavior: "smooth", block: "start" }));
  };
  return (
    <div className="space-y-6">
      <div className="grid items-start gap-6 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <GrantCard onShow={show} />
        </div>
        <div className="lg:col-span-3">
          <PlayerLookup player={player} onPlayer={setPlayer} />
        </div>
      </div>
      <SettingsCard />
    </div>
  );
}
