import { createIsolatedTestDb } from "@errand/db/testing";
import { startErrandServer, type ErrandTestServer, type FakeResponder } from "@errand/testkit";
import { afterAll, beforeAll } from "vitest";

/**
 * A real server (worker, Chromium, the fake model answering with `responder`) on a database of
 * its own, for a file whose CLI runs as a second process against it; an account's key to call it
 * with. Started before the file's tests and stopped after them.
 */
export function remoteServerForFile(responder: (server: ErrandTestServer) => FakeResponder) {
  const remote = { server: undefined as unknown as ErrandTestServer, apiKey: "" };
  let close = async () => {};
  beforeAll(async () => {
    const database = await createIsolatedTestDb();
    remote.server = await startErrandServer({ databaseUrl: database.url });
    close = async () => {
      await remote.server.close();
      await database.close();
    };
    remote.server.model.setResponder(responder(remote.server));
    remote.apiKey = (await remote.server.signUp()).apiKey;
  });
  afterAll(() => close());
  return remote;
}
