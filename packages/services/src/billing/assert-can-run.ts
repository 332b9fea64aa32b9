import { NO_CREDITS_MESSAGE } from "@errand/contract";
import { userCredits } from "@errand/db";
import { eq } from "drizzle-orm";
import type { ServiceContext } from "../context.ts";
import { ServiceError } from "../errors.ts";

/** Spec section 5: refused when free prompts and credits are both zero or less (unless billing is off). */
export async function assertCanRun(ctx: ServiceContext, userId: string): Promise<void> {
  if (!ctx.config.billingEnabled) return;
  const [balance] = await ctx.db
    .select({ freePrompts: userCredits.freePrompts, credits: userCredits.credits })
    .from(userCredits)
    .where(eq(userCredits.userId, userId));
  if (!balance || (balance.freePrompts <= 0 && balance.credits <= 0)) {
    throw new ServiceError("insufficient_credits", NO_CREDITS_MESSAGE);
  }
}
