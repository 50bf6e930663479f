import { afterAll, beforeAll } from "vitest";
import { client, verifiedAdmin, type TAdmin, type TCall } from "./api";
import { startReceiver } from "./rewards";
import { startTestServer, type TTestServer } from "./server";

type TReceiver = Awaited<ReturnType<typeof startReceiver>>;
export type TServerSuite = { server: TTestServer; call: TCall; admin: TAdmin; receiver: TReceiver };

/**
 * The fixture most integration files start with: the real request listener on a free port, a
 * client for it, a verified admin of the file's own, and (with `receiver`) a webhook receiver —
 * set up before the file's tests and closed after them. Read the fields inside tests.
 */
export function serverSuite(opts: { receiver?: boolean } = {}): TServerSuite {
  const suite = {} as TServerSuite;
  beforeAll(async () => {
    suite.server = await startTestServer();
    suite.call = client(suite.server.url);
    suite.admin = await verifiedAdmin(suite.call);
    if (opts.receiver) suite.receiver = await startReceiver();
  });
  afterAll(async () => {
    await suite.receiver?.close();
    await suite.server?.close();
  });
  return suite;
}
