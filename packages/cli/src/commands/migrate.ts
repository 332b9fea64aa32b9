import { loadConfig } from "@errand/config";
import { createDb } from "@errand/db";

export async function migrateCommand(): Promise<number> {
  const config = loadConfig();
  const database = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.close();
  process.stdout.write("Migrations applied.\n");
  return 0;
}
