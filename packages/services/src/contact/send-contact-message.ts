import type { ContactMessageInput } from "@errand/contract";
import { contactMessages } from "@errand/db";
import type { VerbArgs } from "../context.ts";
import { ServiceError } from "../errors.ts";
import { consumeRateLimit } from "../api/consume-rate-limit.ts";

/** Messages per client address in CONTACT_WINDOW_SECONDS: enough for a person, too few for a spammer. */
export const CONTACT_RATE_LIMIT = 5;
export const CONTACT_WINDOW_SECONDS = 600;

/**
 * Stores a contact message (user id when signed in, else null). A filled honeypot field means
 * a bot: it gets the same answer as a person, and nothing is stored. The form is public (no
 * caller): a signed-in visitor's session only names who wrote.
 */
export async function sendContactMessage({
  ctx,
  input,
}: VerbArgs<ContactMessageInput & { userId: string | null; clientKey: string }>): Promise<{ stored: boolean }> {
  const limit = await consumeRateLimit({
    ctx,
    input: { key: `contact:${input.clientKey}`, limit: CONTACT_RATE_LIMIT, windowSeconds: CONTACT_WINDOW_SECONDS },
  });
  if (!limit.allowed) {
    throw new ServiceError("rate_limited", `Too many messages. Please try again in ${Math.ceil(limit.resetSeconds / 60)} minutes.`);
  }
  if (input.website) {
    ctx.log.info("contact message dropped: honeypot filled");
    return { stored: false };
  }
  await ctx.db.insert(contactMessages).values({ email: input.email, message: input.message, userId: input.userId });
  return { stored: true };
}
