import { signInThrottles } from "@errand/db";
import { eq, sql } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { ServiceError } from "../errors.ts";

/**
 * Password sign-ins per account, alongside the per-address limit: a few attempts are free, then
 * each next one must wait longer (slowing down), then the account's password sign-in locks for a
 * while. Counted in Postgres (every server process shares it), keyed by the e-mail whether or not
 * an account has it (the answer reveals nothing). A success, or a password reset, clears it.
 * Provider sign-in and password reset stay open while locked, so a lock never shuts a person out.
 */
export const SIGN_IN_THROTTLE = {
  /** Attempts before any wait. */
  freeAttempts: 5,
  /** The wait after the first attempt past them, doubled after each further one. */
  firstDelaySeconds: 5,
  /** At this many attempts in a row, the lock. */
  lockAfterAttempts: 10,
  lockMinutes: 15,
  /** Attempts older than this are forgotten. */
  windowMinutes: 60,
} as const;

export const signInThrottleKey = (email: string) => `email:${email.trim().toLowerCase()}`;

function waitText(seconds: number): string {
  return seconds < 90 ? `${seconds} second${seconds === 1 ? "" : "s"}` : `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * Counts one password sign-in attempt for the account before the password is checked, and
 * refuses it (429, with the time left) while the account must wait or is locked. Counting first
 * means a burst of parallel guesses is judged one by one: only the free attempts get through.
 */
export async function beginPasswordSignIn({ ctx, input }: VerbArgs<{ email: string }>): Promise<void> {
  const t = SIGN_IN_THROTTLE;
  const key = signInThrottleKey(input.email);
  // The wait that follows attempt number f (the one being counted now).
  const waitAfter = (f: ReturnType<typeof sql>) => sql`case
      when ${f} >= ${t.lockAfterAttempts} then now() + make_interval(mins => ${t.lockMinutes})
      when ${f} >= ${t.freeAttempts} then now() + make_interval(secs => ${t.firstDelaySeconds} * power(2, ${f} - ${t.freeAttempts}))
      else null end`;
  const counted = sql`case when ${signInThrottles.lastFailureAt} < now() - make_interval(mins => ${t.windowMinutes}) then 1 else ${signInThrottles.failures} + 1 end`;
  const result = await ctx.db.execute<{ failures: number }>(sql`
    insert into sign_in_throttles (key, failures, last_failure_at, blocked_until)
    values (${key}, 1, now(), ${waitAfter(sql`1`)})
    on conflict (key) do update set
      failures = ${counted},
      last_failure_at = now(),
      blocked_until = ${waitAfter(counted)}
    where sign_in_throttles.blocked_until is null or sign_in_throttles.blocked_until <= now()
    returning failures`);
  if (result.rows.length > 0) return;

  const [row] = await ctx.db
    .select({
      failures: signInThrottles.failures,
      seconds: sql<number>`ceil(extract(epoch from (${signInThrottles.blockedUntil} - now())))`,
    })
    .from(signInThrottles)
    .where(eq(signInThrottles.key, key));
  const seconds = Math.max(1, Number(row?.seconds ?? 1));
  const message =
    (row?.failures ?? 0) >= t.lockAfterAttempts
      ? `Password sign-in to this account is locked after too many failed attempts. Try again in ${waitText(seconds)}, or reset your password.`
      : `Too many failed sign-ins for this account. Try again in ${waitText(seconds)}.`;
  throw new ServiceError("rate_limited", message, undefined, seconds);
}

/** A correct password, or a password reset: the account starts afresh. */
export async function clearSignInThrottle({ ctx, input }: VerbArgs<{ email: string }>): Promise<void> {
  await ctx.db.delete(signInThrottles).where(eq(signInThrottles.key, signInThrottleKey(input.email)));
}
