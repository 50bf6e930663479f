import { cx } from "./cx";
import { toConsoleError } from "@/app/_lib/errors";

type TTone = "error" | "warning" | "success" | "info";

const tones: Record<TTone, string> = {
  error: "border-red-200 bg-red-50 text-red-800",
  warning: "border-amber-200 bg-amber-50 text-amber-900",
  success: "border-emerald-200 bg-emerald-50 text-emerald-800",
  info: "border-brand-100 bg-brand-50 text-brand-700",
};

export function Alert({ tone = "info", title, className, children, code }: { tone?: TTone; title?: React.ReactNode; className?: string; children?: React.ReactNode; code?: string }) {
  return (
    <div className={cx("rounded-lg border px-4 py-3 text-sm", tones[tone], className)} role={tone === "error" ? "alert" : "status"} data-code={code}>
      {title && <p className="font-semibold">{title}</p>}
      {children && <div className={cx(title ? "mt-1" : "", "leading-relaxed")}>{children}</div>}
    </div>
  );
}

const titles: Record<string, string> = {
  invalid_credentials: "Couldn't sign you in",
  invalid_code: "Invalid code",
  signup_disabled: "Sign-up is closed",
  not_found: "Not found",
  conflict: "Already done",
  unauthorized: "Session ended",
  rate_limited: "Too many attempts",
  mechanic_unavailable: "Game unavailable",
  mode_not_allowed: "Game mode not supported",
  wheel_config_missing: "Wheel not published",
  validation_error: "Please check the form",
  origin_not_allowed: "Request blocked",
  network_error: "Connection problem",
  service_unavailable: "Service unavailable",
  webhook_target_unreachable: "Couldn't reach the endpoint",
};

/**
 * The server's safe message for a failed call, with details the console knows how to explain.
 * The machine code stays out of the text (admins read words, not `invalid_credentials`); it is kept
 * in `data-code` for support tools and tests. `showCode` shows it, for developer-facing pages only.
 */
export function ErrorAlert({ error, className, showCode = false }: { error: unknown; className?: string; showCode?: boolean }) {
  if (!error) return null;
  const e = toConsoleError(error);
  const reason = typeof e.details.reason === "string" ? e.details.reason.replaceAll("_", " ") : null;
  const modes = Array.isArray(e.details.allowed_modes) ? (e.details.allowed_modes as string[]).map((m) => m.replaceAll("_", " ")).join(", ") : null;
  return (
    <Alert tone="error" title={titles[e.code] ?? "Something went wrong"} className={className} code={e.code}>
      <p>{e.message}</p>
      {(reason || modes) && (
        <p className="mt-1 text-red-700/90">
          {reason && <>Reason: {reason}. </>}
          {modes && <>Allowed modes: {modes}.</>}
        </p>
      )}
      {showCode && <p className="mt-1 font-mono text-xs text-red-700/70">{e.code}</p>}
    </Alert>
  );
}

/**
 * Why a form's save was refused, the same way on every editor: with the fields it marked in red
 * (`fields`, the field errors shown beside their inputs) or refusals that name no field of the form
 * (`other`, listed here), "Nothing was saved" and the list; otherwise (not found, a lost connection)
 * the server's own words. Nothing when there is nothing to say.
 */
export function SaveRefusal({ fields, other, error }: { fields: Record<string, string>; other: readonly string[]; error: unknown }) {
  if (Object.keys(fields).length > 0 || other.length > 0) {
    return (
      <Alert tone="error" title="Nothing was saved">
        Fix the fields marked in red, then save again.
        {other.length > 0 && (
          <ul className="mt-1 list-disc pl-5">
            {other.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        )}
      </Alert>
    );
  }
  return <ErrorAlert error={error} showCode={false} />;
}
