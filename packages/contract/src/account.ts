import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./constants.ts";

/** Resource: account (the signed-in person, their balance and API key). */
export const emailSchema = z.email({ error: "Please enter a valid email address" }).max(254);
export const passwordSchema = z
  .string({ error: "Password is required" })
  .min(PASSWORD_MIN_LENGTH, { error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.` })
  .max(PASSWORD_MAX_LENGTH, { error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.` });

export const signUpInputSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: z.string().max(200).optional(),
  callbackURL: z.string().max(2000).optional(),
});
export type SignUpInput = z.infer<typeof signUpInputSchema>;

export const signInInputSchema = z.object({
  email: emailSchema,
  password: z.string({ error: "Password is required" }).min(1, { error: "Password is required" }).max(PASSWORD_MAX_LENGTH),
  callbackURL: z.string().max(2000).optional(),
  rememberMe: z.boolean().optional(),
});
export type SignInInput = z.infer<typeof signInInputSchema>;

export const balanceSchema = z.object({
  freePrompts: z.number().int(),
  /** Credit units: 1/10,000 dollar. */
  credits: z.number().int(),
  /** Held by runs still waiting or running (part of the figures above): released or charged when they end. */
  heldFreePrompts: z.number().int(),
  heldCredits: z.number().int(),
});
export type Balance = z.infer<typeof balanceSchema>;

export const accountSchema = z.object({
  id: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  isAdmin: z.boolean(),
  balance: balanceSchema,
  createdAt: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

export const apiKeySchema = z.object({ api_key: z.string() });
/** The secret that signs webhook deliveries (header errand-signature), to verify them with. */
export const webhookSecretSchema = z.object({ webhook_secret: z.string() });
export type ApiKeyResponse = z.infer<typeof apiKeySchema>;

/** GET /api/auth/get-session: null when signed out. */
export const signInSessionSchema = z
  .object({
    session: z.object({ id: z.string(), expiresAt: z.string() }),
    user: z.object({ id: z.string(), email: z.string(), name: z.string().nullable(), image: z.string().nullable() }),
  })
  .nullable();
export type SignInSession = NonNullable<z.infer<typeof signInSessionSchema>>;
export type SessionUser = SignInSession["user"];
