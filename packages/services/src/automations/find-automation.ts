import { parseAutomationSlug } from "@errand/contract";
import { automations } from "@errand/db";
import { eq } from "drizzle-orm";
import type { ServiceContext } from "../context.ts";
import { notFound } from "../errors.ts";

/** The automation of a slug as the API is given it (any case; an integration suffix such as -n8n is ignored), or "Automation not found". */
export async function findAutomation(ctx: ServiceContext, rawSlug: string) {
  const { slug } = parseAutomationSlug(rawSlug.toLowerCase());
  const [row] = await ctx.db.select().from(automations).where(eq(automations.slug, slug));
  if (!row) throw notFound("Automation");
  return row;
}
