export * from "./schema/index.ts";
export { createDb, type Database, type Db, type CreateDbOptions } from "./create-db.ts";
export { startEmbeddedPostgres, type EmbeddedPostgresHandle } from "./embedded-postgres.ts";
export { runMigrations, MIGRATIONS_FOLDER } from "./migrate.ts";
