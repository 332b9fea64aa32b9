import { CATALOG } from "@errand/content/catalog";
import { seedAutomations } from "@errand/services/automations";
import type { ServiceContext } from "@errand/services";

/** The shipped automation catalogue into the database: new entries added, changed ones updated. */
export async function seedCatalog(ctx: ServiceContext) {
  const result = await seedAutomations({ ctx, input: { catalog: CATALOG } });
  ctx.log.info("automation catalogue seeded", { entries: CATALOG.length, ...result });
  return result;
}
