import { demoRunSchema, type DemoRun, type Run } from "@errand/contract";
import { steps } from "@errand/db";
import { asc, eq } from "drizzle-orm";
import type { ServiceContext } from "../context.ts";
import { SIGNED_URL_SECONDS } from "../screenshots/get-screenshot-url.ts";
import type { FileStorage } from "../storage/file-storage.ts";
import { stepToApi } from "./to-api.ts";

const publicRunSchema = demoRunSchema.shape.run;

/**
 * A run as people without an account see it (demo, share link): only the fields of the public
 * shape are kept (the schema drops the owner, webhook, tokens and charge), with its steps and
 * their screenshots as signed, expiring URLs.
 */
export async function toPublicReplay(ctx: ServiceContext, run: Run, storage: FileStorage): Promise<DemoRun> {
  const rows = await ctx.db.select().from(steps).where(eq(steps.taskRunId, run.id)).orderBy(asc(steps.number));
  return {
    run: publicRunSchema.parse(run),
    steps: await Promise.all(
      rows.map(async (s) => ({
        ...stepToApi(s),
        screenshot_url: s.screenshotKey ? await storage.signedUrl(s.screenshotKey, SIGNED_URL_SECONDS) : null,
      })),
    ),
  };
}
