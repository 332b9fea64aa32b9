import type { ErrandTestServer } from "@errand/testkit";
import { serverTest, type ServerScenario } from "@errand/testkit/testing";

/**
 * `serverTest` (a real server: worker, Chromium, the fake model playing `scenario`, on a database
 * of its own) for a file whose CLI runs as a second process against it. `remote` holds the server
 * and the file's account key from the file's first hook on, which starts the server; it stops after
 * the file's tests.
 */
export function remoteServerForFile(scenario: ServerScenario) {
  const it = serverTest.extend("scenario", { scope: "file" }, () => scenario);
  const remote = { server: undefined as unknown as ErrandTestServer, apiKey: "" };
  it.beforeAll(({ server, account }) => {
    remote.server = server;
    remote.apiKey = account.apiKey;
  });
  return { it, remote };
}
