import { createServer, type Server } from "node:net";

/**
 * `n` ports the operating system says are free now (each opened on port 0 at once, then closed),
 * for a test that must start a child process on a port of its own. A port picked at random from a
 * fixed range can belong to anything else on the machine (CI once drew 4222, a NATS server's).
 */
export async function freePorts(n: number): Promise<number[]> {
  const servers: Server[] = [];
  try {
    for (let i = 0; i < n; i++) {
      const s = createServer();
      servers.push(s);
      await new Promise<void>((resolve, reject) => {
        s.once("error", reject);
        s.listen(0, "127.0.0.1", resolve);
      });
    }
    return servers.map((s) => (s.address() as { port: number }).port);
  } finally {
    await Promise.all(servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
  }
}
