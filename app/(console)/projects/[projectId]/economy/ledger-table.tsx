import { cx } from "@/app/_components/cx";
import { formatPreciseDateTime } from "../_rewards/format";
import type { TLedgerEntry } from "../_rewards/types";
import { ledgerSource, signedAmount } from "./labels";

type TProps = { entries: TLedgerEntry[]; resourceName: (id: string) => string; boosterName: (id: string) => string };

/** Newest first. On a phone the time moves under the source and the resource under the amount, leaving room for the numbers. */
export function LedgerTable({ entries, resourceName, boosterName }: TProps) {
  return (
    <div className="-mx-5 mt-2 max-h-[28rem] overflow-y-auto border-y border-slate-100 sm:mx-0 sm:rounded-lg sm:border">
      <table className="w-full text-left text-sm" data-testid="ledger">
        <thead className="sticky top-0 bg-slate-50 text-xs tracking-wide text-slate-500 uppercase">
          <tr>
            <th className="hidden px-3 py-2 font-medium sm:table-cell">Time</th>
            <th className="px-3 py-2 pl-5 font-medium sm:pl-3">Source</th>
            <th className="hidden px-3 py-2 font-medium sm:table-cell">Resource</th>
            <th className="px-3 py-2 text-right font-medium">Amount</th>
            <th className="px-3 py-2 pr-5 text-right font-medium whitespace-nowrap sm:pr-3">
              <span className="sm:hidden">After</span>
              <span className="hidden sm:inline">Balance after</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {entries.map((e, i) => (
            <tr key={`${e.at}:${e.resource_id}:${i}`} className="align-top" data-testid="ledger-row">
              <td className="hidden px-3 py-2 whitespace-nowrap text-slate-500 tabular-nums sm:table-cell">{formatPreciseDateTime(e.at)}</td>
              <td className="px-3 py-2 pl-5 sm:pl-3">
                <span className="whitespace-nowrap text-slate-800">{ledgerSource(e.source)}</span>
                {e.reference && <span className="block text-xs text-slate-500">{e.source === "spend" ? boosterName(e.reference) : e.reference}</span>}
                <span className="block text-xs whitespace-nowrap text-slate-500 tabular-nums sm:hidden">{formatPreciseDateTime(e.at)}</span>
              </td>
              <td className="hidden px-3 py-2 text-slate-700 sm:table-cell">{resourceName(e.resource_id)}</td>
              <td className={cx("px-3 py-2 text-right font-medium whitespace-nowrap tabular-nums", e.amount > 0 ? "text-emerald-700" : "text-red-600")}>
                {signedAmount(e.amount)}
                <span className="block text-xs font-normal text-slate-500 sm:hidden">{resourceName(e.resource_id)}</span>
              </td>
              <td className="px-3 py-2 pr-5 text-right text-slate-900 tabular-nums sm:pr-3">{e.balance_after.toLocaleString()}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
