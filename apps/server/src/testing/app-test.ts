import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { mailServiceTest } from "@errand/services/testing";
import { createTestApp, type TestApp, type TestAppOptions } from "./test-app.ts";

// On the mailing service test, so that a file whose app mails asks for `smtp` (the testkit's capture) and
// sets `appOptions` to mail through it (`testMailer`).
const withAppOptions = mailServiceTest.extend("appOptions", { scope: "file" }, {} as TestAppOptions);

/**
 * vitest's test with the `app` fixture on top of the service ones (docs/adr/0028-test-fixtures.md):
 * the real app on the file's database and run queue (pg-boss), made once per file with
 * `appOptions` and closed after it. `app.ctx` is the app's own context.
 */
export const appTest = withAppOptions.extend(
  "app",
  { scope: "file" },
  async ({ database, queue, appOptions }, { onCleanup }): Promise<TestApp> => {
    const app = await createTestApp({ queue, ...appOptions, database });
    onCleanup(() => app.close());
    return app;
  },
);

/** The same app without a run queue (no pg-boss started), for files whose tests create no runs. */
export const appTestWithoutQueue = withAppOptions.extend(
  "app",
  { scope: "file" },
  async ({ database, appOptions }, { onCleanup }): Promise<TestApp> => {
    const app = await createTestApp({ ...appOptions, database });
    onCleanup(() => app.close());
    return app;
  },
);

/** The app behind a real HTTP server on a loopback port: where the test needs sockets or fetch. */
export interface ListeningApp {
  origin: string;
  port: number;
}

/**
 * `appTest` with `listening`: the file's app served over HTTP on 127.0.0.1 (a free port), made
 * on first use and closed after the file, before the app.
 */
export const listeningAppTest = appTest.extend("listening", { scope: "file" }, async ({ app }, { onCleanup }): Promise<ListeningApp> => {
  const server = serve({ fetch: app.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  onCleanup(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const port = (server.address() as AddressInfo).port;
  return { origin: `http://127.0.0.1:${port}`, port };
});
