export { openTestDb, createTestUser } from "./test-db.ts";
