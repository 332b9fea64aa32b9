import { z } from "zod";

/** The one error shape every endpoint answers with. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});
export type ApiError = z.infer<typeof apiErrorSchema>;

export const ERROR_CODES = [
  "validation_error",
  "invalid_json",
  "unauthorized",
  "forbidden",
  "not_found",
  "conflict",
  "rate_limited",
  "too_many_runs",
  "payload_too_large",
  "insufficient_credits",
  "spending_limit_reached",
  "unavailable",
  "internal_error",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
