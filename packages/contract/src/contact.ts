import { z } from "zod";
import { CONTACT_MESSAGE_MIN_LENGTH } from "./constants.ts";

/** Resource: contact messages (spec section 5, "Contact form"). */
export const CONTACT_MESSAGES = {
  email: "Please enter a valid email address",
  messageRequired: "Message is required",
  messageTooShort: `Message must be at least ${CONTACT_MESSAGE_MIN_LENGTH} characters`,
} as const;

/** Name of the hidden field people never fill in; bots that do are answered but not stored. */
export const CONTACT_HONEYPOT_FIELD = "website";

export const contactMessageInputSchema = z.object({
  email: z
    .string({ error: CONTACT_MESSAGES.email })
    .trim()
    .pipe(z.email({ error: CONTACT_MESSAGES.email }).max(254)),
  message: z
    .string({ error: CONTACT_MESSAGES.messageRequired })
    .trim()
    .min(1, { error: CONTACT_MESSAGES.messageRequired })
    .min(CONTACT_MESSAGE_MIN_LENGTH, { error: CONTACT_MESSAGES.messageTooShort })
    .max(5000, { error: "Message must be at most 5000 characters" }),
  [CONTACT_HONEYPOT_FIELD]: z.string().max(500).optional(),
});
export type ContactMessageInput = z.infer<typeof contactMessageInputSchema>;

export const contactMessageResponseSchema = z.object({ ok: z.literal(true) });
