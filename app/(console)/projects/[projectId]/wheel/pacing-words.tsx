import { formatMoney, formatRate, useCurrency } from "./money";
import type { TSimulation } from "./types";

type TPacing = Pick<TSimulation["pacing"], "spins_per_day" | "expected_daily_spend_minor" | "paced_daily_spend_minor" | "daily_budget_binding" | "remaining_total_minor" | "days_until_total_budget_spent">;

const DAY = 86_400_000;

/** "about 18 days (until 21 Mar 2026)", or a longer span in months or years. */
function forecastSpan(days: number, from = Date.now()): string {
  if (days < 1) return "less than a day";
  if (days > 3650) return "more than ten years";
  const date = new Date(from + days * DAY).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric" });
  const span = days < 60 ? `${Math.floor(days)} day${Math.floor(days) === 1 ? "" : "s"}` : days < 730 ? `${Math.round(days / 30.4)} months` : `${(days / 365).toFixed(1)} years`;
  return `about ${span} (until ${date})`;
}

/** The budget pacing forecast in plain words. `source`: where the spin rate came from. */
export function PacingWords({ pacing: p, source }: { pacing: TPacing; source: "observed" | "chosen" }) {
  const currency = useCurrency();
  const rate = `${formatRate(p.spins_per_day)} spin${formatRate(p.spins_per_day) === "1" ? "" : "s"} a day`;
  const where = source === "chosen" ? `At ${rate}` : `At the last 7 days' rate of ${rate}`;
  let body: React.ReactNode;
  if (p.remaining_total_minor <= 0) {
    body = <>The total budget is used up: every spin now lands on a nothing segment until you raise it.</>;
  } else if (p.spins_per_day <= 0) {
    body =
      source === "chosen" ? (
        <>With no spins a day nothing is spent, so the total budget does not run out.</>
      ) : (
        <>There were no spins in the last 7 days, so there is no rate to forecast from. Enter the spins a day you expect to see a forecast.</>
      );
  } else if (p.days_until_total_budget_spent === null) {
    body = (
      <>
        {where}, the wheel spends nothing (no segment costs anything), so the remaining {formatMoney(p.remaining_total_minor, currency)} lasts indefinitely.
      </>
    );
  } else {
    body = (
      <>
        {where}, prizes would cost about <strong>{formatMoney(p.expected_daily_spend_minor, currency)}</strong> a day
        {p.daily_budget_binding ? (
          <>
            , more than the daily budget allows: spending stops at <strong>{formatMoney(p.paced_daily_spend_minor, currency)}</strong> a day and later spins land on nothing segments
          </>
        ) : null}
        . The remaining total budget of {formatMoney(p.remaining_total_minor, currency)} lasts <strong data-testid="pacing-days">{forecastSpan(p.days_until_total_budget_spent)}</strong>.
      </>
    );
  }
  return (
    <p className="rounded-lg bg-slate-50 px-4 py-3 text-sm leading-relaxed text-slate-700" data-testid="pacing-words">
      {body}
    </p>
  );
}
