import { z } from "zod";
import { plainText } from "./input-limits.ts";

/**
 * Resource: named API keys (docs/adr/0035-named-api-keys-with-scopes.md). A workspace keeps
 * several keys, each with a name, scopes and an optional expiry; a key acts as the member who
 * made it, with that member's current role, narrowed to its scopes. The secret is shown once,
 * in the answer that creates it. The personal key of the API Keys page stays beside them.
 */
export const API_KEY_SCOPES = ["read", "run", "manage"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What each scope lets a key do, in one line (the create dialog and the docs say it). */
export const API_KEY_SCOPE_EXPLANATIONS: Readonly<Record<ApiKeyScope, string>> = {
  read: "See runs, results, tasks and everything else in the workspace.",
  run: "Start and cancel runs; change tasks, saved logins, credentials, files and schedules.",
  manage: "Change API keys, webhooks, proxy pools and members.",
};

export const API_KEY_NAME_MAX = 60;
/** Keys one workspace may keep (revoked ones do not count). */
export const MAX_API_KEYS_PER_WORKSPACE = 50;
/** The longest expiry a key may be given, in days. */
export const API_KEY_EXPIRY_DAYS_MAX = 3650;

const scopesSchema = z
  .array(z.enum(API_KEY_SCOPES, { error: "each scope must be read, run or manage" }), { error: "scopes must be a list of scopes" })
  .min(1, "scopes must name at least one scope")
  .transform((scopes) => API_KEY_SCOPES.filter((s) => scopes.includes(s)));

/** POST /api-keys. */
export const createApiKeySchema = z
  .object({
    name: plainText("name", { oneLine: true })
      .transform((v) => v.trim())
      .pipe(z.string().min(1, "name is required").max(API_KEY_NAME_MAX, `name must be at most ${API_KEY_NAME_MAX} characters`))
      .meta({ description: "What the key is for, e.g. 'n8n production'" }),
    scopes: scopesSchema.meta({ description: "read, run and/or manage" }),
    expires_at: z.iso
      .datetime({ offset: true, error: "expires_at must be a date and time such as 2027-01-31T00:00:00Z" })
      .refine((v) => Date.parse(v) > Date.now(), "expires_at must be in the future")
      .optional()
      .meta({ description: "When the key stops working; leave out (and expires_in_days) for a key that does not expire" }),
    expires_in_days: z
      .number({ error: "expires_in_days must be a number" })
      .int("expires_in_days must be a whole number")
      .min(1, "expires_in_days must be at least 1")
      .max(API_KEY_EXPIRY_DAYS_MAX, `expires_in_days must be at most ${API_KEY_EXPIRY_DAYS_MAX}`)
      .optional()
      .meta({ description: "The key stops working this many days from now" }),
  })
  .superRefine((v, ctx) => {
    if (v.expires_at !== undefined && v.expires_in_days !== undefined) {
      ctx.addIssue({ code: "custom", path: ["expires_at"], message: "Send expires_at or expires_in_days, not both" });
    }
  });
export type CreateApiKey = z.output<typeof createApiKeySchema>;

export const namedApiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  prefix: z.string().meta({ description: "The key's first characters, to recognise it (never enough to use it)" }),
  created_by: z.object({ user_id: z.string(), email: z.string() }).meta({ description: "The member the key acts as" }),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable().meta({ description: "Updated at most once a minute" }),
  last_used_ip: z.string().nullable().meta({ description: "The address of that use" }),
});
export type NamedApiKey = z.infer<typeof namedApiKeySchema>;

/** The create answer: the key and, this once, its secret. */
export const createdApiKeySchema = namedApiKeySchema.extend({
  secret: z.string().meta({ description: "The key to send in x-api-key. Shown only in this answer: it cannot be read again" }),
});
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyListSchema = z.object({
  api_keys: z.array(namedApiKeySchema).meta({ description: "The workspace's keys that are not revoked, newest first" }),
});
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** The 403 a key without the scope an operation needs gets. */
export const missingScopeMessage = (scope: ApiKeyScope) => `This API key lacks the ${scope} scope`;
