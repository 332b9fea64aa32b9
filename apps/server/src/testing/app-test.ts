import { serviceTest } from "@errand/services/testing";
import { createTestApp, type TestApp, type TestAppOptions } from "./test-app.ts";

/**
 * vitest's test with the `app` fixture on top of the service ones (docs/adr/0028-test-fixtures.md):
 * the real app on the file's database and run queue, made once per file with `appOptions` and
 * closed after it. `app.ctx` is the app's own context.
 */
export const appTest = serviceTest
  .extend("appOptions", { scope: "file" }, {} as TestAppOptions)
  .extend("app", { scope: "file" }, async ({ database, queue, appOptions }, { onCleanup }): Promise<TestApp> => {
    const app = await createTestApp({ queue, ...appOptions, database });
    onCleanup(() => app.close());
    return app;
  });
