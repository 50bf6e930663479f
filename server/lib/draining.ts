/**
 * A web instance that was asked to stop first drains: /v1/ready answers 503 (`draining`) so load
 * balancers stop sending it requests, every answer says `Connection: close` so kept-alive
 * connections are not reused, and it goes on serving for SHUTDOWN_DRAIN_MS before it closes its
 * listener and finishes what is in flight (server/http/main.ts). One flag per process.
 */
let draining = false;

export function startDraining(): void {
  draining = true;
}

export function isDraining(): boolean {
  return draining;
}
