import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Failed password sign-ins per account (keyed by the normalised e-mail, whether or not such an
 * account exists), shared by every server process: after a few failures the account's sign-ins
 * slow down, then lock for a while. A success or a password reset clears the row.
 */
export const signInThrottles = pgTable("sign_in_throttles", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull().default(0),
  lastFailureAt: timestamp("last_failure_at", { withTimezone: true }).notNull(),
  /** No attempt is judged before this time (the slow-down delay, or the lock). */
  blockedUntil: timestamp("blocked_until", { withTimezone: true }),
});
