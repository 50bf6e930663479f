/**
 * Signing in again without leaving the page. When a signed-in admin's session ends (its hour is up,
 * or it was revoked) the next call answers `unauthorized`; instead of sending them to /login — and
 * losing an edit in progress — the console opens a sign-in dialog (SessionKeeper) and, once a new
 * session exists, runs the calls that failed again: a failed save is finished, not retyped. Outside
 * a signed-in console page (no SessionKeeper mounted) callers fall back to /login.
 */
type TListener = (open: boolean) => void;

const listeners = new Set<TListener>();
const retries: Array<() => void> = [];
let open = false;

export const reauth = {
  /** Whether a signed-in console page can ask for the password again here. */
  available: (): boolean => listeners.size > 0,
  isOpen: (): boolean => open,
  /** Called by the dialog's owner; answers how to stop listening. */
  listen(listener: TListener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Opens the dialog (once), remembering what to run again after a successful sign-in. */
  request(retry?: () => void): void {
    if (retry) retries.push(retry);
    if (open) return;
    open = true;
    for (const l of listeners) l(true);
  },
  /** Signed in again: close and run what failed. */
  done(): void {
    open = false;
    for (const l of listeners) l(false);
    for (const retry of retries.splice(0)) retry();
  },
  /** Gave up (signing out instead): forget what failed. */
  cancel(): void {
    open = false;
    retries.length = 0;
    for (const l of listeners) l(false);
  },
};
