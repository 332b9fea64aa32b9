import { serviceTest } from "@errand/services/testing";
import { createTestApp, type TestApp, type TestAppOptions } from "./test-app.ts";

const withAppOptions = serviceTest.extend("appOptions", { scope: "file" }, {} as TestAppOptions);

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
