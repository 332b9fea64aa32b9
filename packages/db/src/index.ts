export * from "./schema/index.ts";
export { createDb, CONNECT_TIMEOUT_MS, type Database, type Db, type CreateDbOptions } from "./create-db.ts";
export { isDatabaseUnavailable, DATABASE_UNAVAILABLE_MESSAGE } from "./database-unavailable.ts";
export { startEmbeddedPostgres, type EmbeddedPostgresHandle } from "./embedded-postgres.ts";
export { runMigrations, MIGRATIONS_FOLDER } from "./migrate.ts";
