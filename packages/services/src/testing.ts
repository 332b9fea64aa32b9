import { randomBytes } from "node:crypto";
import type { Db } from "@errand/db";
import type { ServiceConfig, ServiceContext } from "./context.ts";
import { silentLogger } from "./lib/logger.ts";

/** A real service context for tests: the given database, a fresh encryption key, no log noise. */
export function makeTestContext(db: Db, config: Partial<ServiceConfig> = {}): ServiceContext {
  return {
    db,
    config: { baseUrl: "http://localhost:3000", adminEmails: [], billingEnabled: true, ...config },
    encryptionKey: randomBytes(32),
    log: silentLogger,
  };
}
