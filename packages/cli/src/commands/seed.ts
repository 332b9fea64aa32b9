import { loadConfig } from "@errand/config";
import { createRuntime } from "../runtime/create-runtime.ts";
import { seedCatalog } from "../runtime/seed-catalog.ts";

/** `errand seed`: applies migrations and seeds the automation catalogue (serve does it too). */
export async function seedCommand(): Promise<number> {
  const runtime = await createRuntime(loadConfig());
  try {
    const { inserted, updated } = await seedCatalog(runtime.ctx);
    process.stdout.write(`Automation catalogue: ${inserted} added, ${updated} updated.\n`);
    return 0;
  } finally {
    await runtime.close();
  }
}
