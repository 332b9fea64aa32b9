import { verifications } from "@errand/db";
import { and, eq, gt } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";

/** Whether an e-mailed reset link can still be used (exists, unused, not expired). */
export async function getResetTokenStatus({ ctx, input }: VerbArgs<{ token: string }>): Promise<{ valid: boolean }> {
  if (!/^[A-Za-z0-9_-]{8,128}$/.test(input.token)) return { valid: false };
  const [row] = await ctx.db
    .select({ id: verifications.id })
    .from(verifications)
    .where(and(eq(verifications.identifier, `reset-password:${input.token}`), gt(verifications.expiresAt, new Date())));
  return { valid: Boolean(row) };
}
