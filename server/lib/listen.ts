import type { Server } from "node:http";

/**
 * Binds a server for a process entry point. A port that is taken (or not ours to bind) stops the
 * process with one line naming the port and the variable that sets it, and a non-zero exit code,
 * instead of an unhandled 'error' event stack trace.
 */
export function listenOrExit(server: Server, opts: { port: number; host: string; variable: string; what: string }): Promise<void> {
  return new Promise<void>((resolve) => {
    const onError = (e: NodeJS.ErrnoException) => {
      const why =
        e.code === "EADDRINUSE" ? "is already in use" : e.code === "EACCES" ? "may not be bound by this user" : `cannot be bound (${e.code ?? e.message})`;
      console.error(`${opts.what}: port ${opts.port} on ${opts.host} ${why}; set ${opts.variable} to a free port`);
      process.exit(1);
    };
    server.once("error", onError);
    server.listen(opts.port, opts.host, () => {
      server.off("error", onError);
      resolve();
    });
  });
}
