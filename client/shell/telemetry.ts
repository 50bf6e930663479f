// Client telemetry: exactly {build_version, kind, status}, nothing else, and
// only for a 5% sample of events so a fleet of players cannot flood the API.
// Fire-and-forget; a failure here must never affect the game.

export type TelemetryKind = "load_error" | "command_error" | "fps_low";

let send: ((body: string) => void) | null = null;
const SAMPLE = 0.05;

export function initTelemetry(sender: (body: string) => void): void {
  send = sender;
}

export function report(buildVersion: string, kind: TelemetryKind, status: number): void {
  if (!send || Math.random() >= SAMPLE) return;
  try {
    send(JSON.stringify({ build_version: buildVersion, kind, status: Math.round(status) | 0 }));
  } catch {
    /* ignore */
  }
}
