export { openTestDb, createTestUser } from "./test-db.ts";
export { createIsolatedTestDb } from "./isolated-db.ts";
export { dbTest, type TestDatabase, type TestDatabaseOptions } from "./db-test.ts";
