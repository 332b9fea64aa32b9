import { dbTest } from "@errand/db/testing";
import { startErrandServer } from "../server/start-errand-server.ts";
import type { ErrandTestServer, StartErrandServerOptions } from "../server/types.ts";

/**
 * vitest's test with the `server` fixture (docs/adr/0028-test-fixtures.md): the real `errand serve`
 * as a child process on a database of the file's own, started once per file with `serverOptions`
 * and stopped after it, before its database is dropped. Start-up takes seconds on a busy machine:
 * a file that sets the server up further does so in `beforeAll`, which also starts it there.
 */
export const serverTest = dbTest
  .extend("databaseOptions", { scope: "file" }, { isolated: true })
  .extend("serverOptions", { scope: "file" }, {} as Omit<StartErrandServerOptions, "databaseUrl">)
  .extend("server", { scope: "file" }, async ({ database, serverOptions }, { onCleanup }): Promise<ErrandTestServer> => {
    const server = await startErrandServer({ ...serverOptions, databaseUrl: database.url });
    onCleanup(() => server.close());
    return server;
  });
