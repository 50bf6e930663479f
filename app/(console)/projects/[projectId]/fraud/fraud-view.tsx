"use client";

import { useState } from "react";
import { RewardsModeBanner } from "../_rewards/rewards-mode-banner";
import { FlagsCard } from "./flags-card";
import { MetricsCards } from "./metrics-cards";
import { PlayerLookup } from "./player-lookup";
import { RulesCard } from "./rules-card";

export function FraudView() {
  const [player, setPlayer] = useState("");
  const lookUp = (id: string) => {
    setPlayer(id);
    // On a phone the lookup card sits below the flags; bring it into view.
    requestAnimationFrame(() => document.getElementById("player-lookup")?.scrollIntoView({ behavior: "smooth", block: "start" }));
  };
  return (
    <div className="space-y-6">
      <RewardsModeBanner />
      <MetricsCards />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <FlagsCard onPlayer={lookUp} />
        <PlayerLookup player={player} onPlayer={setPlayer} />
      </div>
      <RulesCard />
    </div>
  );
}
