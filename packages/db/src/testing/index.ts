export { openTestDb, createTestUser } from "./test-db.ts";
export { createIsolatedTestDb } from "./isolated-db.ts";
