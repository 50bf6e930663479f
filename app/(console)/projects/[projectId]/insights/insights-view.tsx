"use client";

import { AbCohorts } from "./ab-cohorts";
import { CaseStudyCard } from "./case-study-card";
import { FunnelChart } from "./funnel-chart";
import { KpiCards } from "./kpi-cards";
import { LeaderboardTable } from "./leaderboard-table";
import { SessionsChart } from "./sessions-chart";

/** Whether the games retain players: the figures of analytics/* drawn, each card on its own query. */
export function InsightsView() {
  return (
    <div className="space-y-6">
      <KpiCards />
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <SessionsChart />
        </div>
        <FunnelChart />
      </div>
      <AbCohorts />
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <LeaderboardTable />
        <CaseStudyCard />
      </div>
      <p className="text-xs text-slate-500">
        All days are UTC days. A session is a game run started (or a legacy widget play). Definitions of every figure are in the API reference under “Admin: analytics”.
      </p>
    </div>
  );
}
