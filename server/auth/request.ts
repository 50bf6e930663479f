/**
 * What authentication reads from a request and may add to its answer, whatever the transport: the
 * tRPC context satisfies it, and so does the context a plain route handler gets. Keeping the
 * functions on this small view is what lets procedures and plain handlers share them.
 */
export type TAuthRequest = {
  method: string;
  origin: string | null;
  header(name: string): string | undefined;
  cookie(name: string): string | undefined;
  /** Headers for the answer, success or error (Referrer-Policy, Set-Cookie). */
  responseHeaders: Array<[string, string]>;
};
