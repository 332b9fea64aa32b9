import { demoRunSchema, type DemoRun, type Run } from "@errand/contract";
import { steps } from "@errand/db";
import { asc, eq } from "drizzle-orm";
import type { ServiceContext } from "../context.ts";
import { stepToApi } from "./to-api.ts";

const publicRunSchema = demoRunSchema.shape.run;

/** The link people of a public replay fetch a step's screenshot at. */
export type ScreenshotLink = (step: { id: string; screenshotKey: string }) => Promise<string> | string;

/**
 * A run as people without an account see it (share link): only the fields of the public shape
 * are kept (the schema drops the owner, webhook, tokens and charge), with its steps and links to
 * their screenshots as `screenshotLink` makes them.
 */
export async function toPublicReplay(ctx: ServiceContext, run: Run, screenshotLink: ScreenshotLink): Promise<DemoRun> {
  const rows = await ctx.db.select().from(steps).where(eq(steps.taskRunId, run.id)).orderBy(asc(steps.number));
  return {
    run: publicRunSchema.parse(run),
    steps: await Promise.all(
      rows.map(async (s) => ({
        ...stepToApi(s),
        screenshot_url: s.screenshotKey ? await screenshotLink({ id: s.id, screenshotKey: s.screenshotKey }) : null,
      })),
    ),
  };
}
