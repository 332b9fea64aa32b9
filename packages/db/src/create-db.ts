import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import * as schema from "./schema/index.ts";
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from "./embedded-postgres.ts";
import { runMigrations } from "./migrate.ts";

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  /** Connection string (contains a password: never log it). */
  url: string;
  /** True when this process started its own Postgres. */
  embedded: boolean;
  close(): Promise<void>;
}

export interface CreateDbOptions {
  /** Use this Postgres; when absent an embedded one is started under dataDir. */
  databaseUrl?: string;
  dataDir: string;
  migrate?: boolean;
  poolSize?: number;
  log?: (message: string) => void;
}

export async function createDb(options: CreateDbOptions): Promise<Database> {
  let embedded: EmbeddedPostgresHandle | undefined;
  const url = options.databaseUrl ?? (embedded = await startEmbeddedPostgres(options)).url;
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 });
  // An idle client losing its connection must not crash the process.
  pool.on("error", (error) => options.log?.(`[db] idle client error: ${error.message}`));
  const db = drizzle(pool, { schema, casing: "snake_case" });
  try {
    if (options.migrate !== false) await runMigrations(db);
  } catch (error) {
    await pool.end().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw error;
  }
  return {
    db,
    pool,
    url,
    embedded: Boolean(embedded),
    async close() {
      await pool.end().catch(() => undefined);
      await embedded?.stop();
    },
  };
}
