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
  /** True when the database is the embedded Postgres under DATA_DIR (started here or by `ownerPid`). */
  embedded: boolean;
  /** The running process whose embedded Postgres this one uses (it is never stopped from here). */
  ownerPid?: number;
  close(): Promise<void>;
}

export interface CreateDbOptions {
  /** Use this Postgres; when absent an embedded one is started under dataDir. */
  databaseUrl?: string;
  dataDir: string;
  /** The embedded Postgres' port; default: a free one. */
  port?: number;
  migrate?: boolean;
  poolSize?: number;
  log?: (message: string) => void;
}

/** How long a new connection may take before the query fails (the database is unreachable). */
export const CONNECT_TIMEOUT_MS = 5_000;

export async function createDb(options: CreateDbOptions): Promise<Database> {
  let embedded: EmbeddedPostgresHandle | undefined;
  const url = options.databaseUrl ?? (embedded = await startEmbeddedPostgres(options)).url;
  // A lost database fails a query after CONNECT_TIMEOUT_MS (answered 503) instead of hanging it.
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
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
    ownerPid: embedded?.ownerPid,
    async close() {
      await pool.end().catch(() => undefined);
      await embedded?.stop();
    },
  };
}
