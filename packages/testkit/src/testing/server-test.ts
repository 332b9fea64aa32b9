import { dbTest } from "@errand/db/testing";
import type { FakeResponder } from "../fake-model/types.ts";
import { startErrandServer } from "../server/start-errand-server.ts";
import type { ErrandTestServer, StartErrandServerOptions } from "../server/types.ts";

/** A fake model's scenarios, made once the fixture sites (which they point the agent at) are up. */
export type ServerScenario = (sitesUrl: string) => FakeResponder;

/**
 * vitest's test with the `server` fixture (docs/adr/0028-test-fixtures.md): the real `errand serve`
 * as a child process on a database of the file's own, started once per file with `serverOptions`
 * and stopped after it, before its database is dropped; its fake model plays `scenario` when a
 * file gives one. `account` is one signed-up account on it, for the file. Start-up takes seconds on
 * a busy machine: a file that sets the server up further does so in `beforeAll`, which also starts
 * it there.
 */
export const serverTest = dbTest
  .extend("databaseOptions", { scope: "file" }, { isolated: true })
  .extend("serverOptions", { scope: "file" }, {} as Omit<StartErrandServerOptions, "databaseUrl">)
  .extend("scenario", { scope: "file" }, (): ServerScenario | undefined => undefined)
  .extend("server", { scope: "file" }, async ({ database, serverOptions, scenario }, { onCleanup }): Promise<ErrandTestServer> => {
    const server = await startErrandServer({ ...serverOptions, databaseUrl: database.url });
    onCleanup(() => server.close());
    if (scenario) server.model.setResponder(scenario(server.sites.url));
    return server;
  })
  .extend("account", { scope: "file" }, ({ server }) => server.signUp());
