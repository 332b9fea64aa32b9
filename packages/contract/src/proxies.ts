import { z } from "zod";
import { slugName } from "./slug-names.ts";

/**
 * Resource: proxy pools (ADR 0010). A pool is a named list of proxies a run or a saved login goes
 * out through, picked by rotation, optionally by country. Proxy credentials are written only
 * (sealed at rest) and never returned: the API shows each proxy's address, country and whether it
 * has credentials. Usernames may hold `{session}` and `{country}`, filled per use (the
 * residential-gateway style: one address, the session and country in the username).
 */
export const PROXY_POOL_NAME_MAX = 60;
/** Pools one account may keep. */
export const MAX_PROXY_POOLS_PER_ACCOUNT = 20;
/** Proxies one pool may list. */
export const PROXY_POOL_ENTRIES_MAX = 100;
export const PROXY_URL_MAX = 2_000;

export const PROXY_ROTATIONS = ["round-robin", "random"] as const;
export type ProxyRotation = (typeof PROXY_ROTATIONS)[number];
export const PROXY_SCHEMES = ["http", "https", "socks5"] as const;

/** The username placeholders filled per use: a fresh session id per run (or the saved login's), and the country asked for. */
export const PROXY_SESSION_PLACEHOLDER = "{session}";
export const PROXY_COUNTRY_PLACEHOLDER = "{country}";

/** A lowercase slug such as "residential-eu". */
export const proxyPoolNameSchema = slugName(PROXY_POOL_NAME_MAX, "residential-eu");

/** ISO 3166-1 alpha-2, stored lowercase ("de"). */
export const countryCodeSchema = z
  .string({ error: "country must be text" })
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{2}$/, "country must be a two-letter country code (ISO 3166-1 alpha-2) such as de or us");

const optionalCountry = z.preprocess((v) => (v === "" || v === null ? undefined : v), countryCodeSchema.optional());

/** A proxy address as parsed from its URL: what is kept in the clear, and the credentials to seal. */
export interface ParsedProxyUrl {
  scheme: (typeof PROXY_SCHEMES)[number];
  host: string;
  port: number;
  username?: string;
  password?: string;
}

const DEFAULT_PORTS = { http: 80, https: 443, socks5: 1080 } as const;

/** Parses "http://user:pass@host:port" (http, https or socks5; no path), or says what is wrong. */
export function parseProxyUrl(value: string): ParsedProxyUrl | string {
  // Braces of {session} and {country} are fine in a username; URL would percent-encode them anyway.
  if (!URL.canParse(value)) return "url must be a proxy address such as http://user:pass@proxy.example.com:8080";
  const url = new URL(value);
  const scheme = url.protocol.slice(0, -1);
  if (!(PROXY_SCHEMES as readonly string[]).includes(scheme)) return "url must start with http://, https:// or socks5://";
  if (!url.hostname) return "url must name the proxy's host";
  if ((url.pathname && url.pathname !== "/") || url.search || url.hash)
    return "url must be only scheme, credentials, host and port (no path or query)";
  if (url.password && !url.username) return "url has a password without a username";
  const s = scheme as ParsedProxyUrl["scheme"];
  return {
    scheme: s,
    host: url.hostname.toLowerCase(),
    port: url.port ? Number(url.port) : DEFAULT_PORTS[s],
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
  };
}

const proxyUrlSchema = z
  .string({ error: "url must be text" })
  .trim()
  .min(1, "url is required")
  .max(PROXY_URL_MAX, `url must be at most ${PROXY_URL_MAX} characters`)
  .superRefine((value, ctx) => {
    const parsed = parseProxyUrl(value);
    if (typeof parsed === "string") ctx.addIssue({ code: "custom", message: parsed });
  });

/** A new proxy: its URL (credentials in it are sealed) and the country it exits in, if it is fixed. */
const newEntrySchema = z.object({
  url: proxyUrlSchema.meta({
    description: "http://, https:// or socks5:// with optional user:pass@; the username may hold {session} and {country}",
  }),
  country: optionalCountry.meta({
    description: "Where it exits (ISO 3166-1 alpha-2); leave out for a gateway whose username picks the country ({country})",
  }),
});
/** In a PATCH: a new proxy (url), or one the pool has kept as it is, sealed credentials too (id); its country may change. */
const patchEntrySchema = z
  .object({
    id: z.uuid({ error: "id must be the id of one of the pool's proxies" }).optional(),
    url: newEntrySchema.shape.url.optional(),
    country: optionalCountry,
  })
  .refine(
    (e) => (e.id === undefined) !== (e.url === undefined),
    "each proxy needs either a url (a new proxy) or the id of one the pool has",
  );

const entriesSchema = z
  .array(patchEntrySchema, { error: "entries must be a list of proxies" })
  .min(1, "entries must list at least one proxy")
  .max(PROXY_POOL_ENTRIES_MAX, `entries must list at most ${PROXY_POOL_ENTRIES_MAX} proxies`);

const rotationSchema = z.enum(PROXY_ROTATIONS, { error: "rotation must be round-robin or random" });

/** POST /proxy-pools. */
export const createProxyPoolSchema = z.object({
  name: proxyPoolNameSchema,
  rotation: rotationSchema.default("round-robin"),
  entries: z
    .array(newEntrySchema, { error: "entries must be a list of proxies" })
    .min(1, "entries must list at least one proxy")
    .max(PROXY_POOL_ENTRIES_MAX, `entries must list at most ${PROXY_POOL_ENTRIES_MAX} proxies`),
});
export type CreateProxyPool = z.output<typeof createProxyPoolSchema>;

/** PATCH /proxy-pools/{id}: only the fields sent change; `entries`, when sent, is the whole new list (keep a proxy by its id). */
export const updateProxyPoolSchema = z.object({
  name: proxyPoolNameSchema.optional(),
  rotation: rotationSchema.optional(),
  entries: entriesSchema.optional(),
});
export type UpdateProxyPool = z.output<typeof updateProxyPoolSchema>;

export const proxyEntrySchema = z.object({
  id: z.uuid(),
  server: z.string().meta({ description: "scheme://host:port, without credentials" }),
  country: z.string().nullable().meta({ description: "Where it exits (ISO 3166-1 alpha-2), when fixed" }),
  has_credentials: z.boolean().meta({ description: "A username (and password) is saved; never returned" }),
  uses_placeholders: z.array(z.enum(["session", "country"])).meta({ description: "Placeholders its username holds, filled per use" }),
});
export type ProxyEntry = z.infer<typeof proxyEntrySchema>;

export const proxyPoolSchema = z.object({
  id: z.uuid(),
  name: z.string().meta({ description: 'What runs, tasks and saved logins name it by: `proxy: { "pool": "<name>" }`' }),
  rotation: z.enum(PROXY_ROTATIONS),
  entries: z.array(proxyEntrySchema),
  countries: z
    .array(z.string())
    .meta({ description: "Countries its proxies exit in (fixed ones); a gateway entry ({country}) serves any" }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProxyPool = z.infer<typeof proxyPoolSchema>;

export const proxyPoolListSchema = z.object({ proxy_pools: z.array(proxyPoolSchema).meta({ description: "By name" }) });
export type ProxyPoolList = z.infer<typeof proxyPoolListSchema>;

/**
 * A run's (or task's, or login's) proxy: a pool of the account and, optionally, the country to
 * exit in. Null or left out: the server's default proxy (PROXY_URL), or none.
 */
export const proxyChoiceSchema = z
  .object(
    {
      pool: proxyPoolNameSchema.meta({ description: "The proxy pool's name" }),
      country: optionalCountry.meta({ description: "Only proxies exiting in this country (ISO 3166-1 alpha-2)" }),
    },
    { error: 'proxy must be an object like { "pool": "residential", "country": "de" }, or null' },
  )
  .meta({
    description:
      "Go out through a proxy of this pool (rotation, optional country). A run with a saved login (auth_context_id) uses the login's proxy instead.",
  });
export type ProxyChoice = z.output<typeof proxyChoiceSchema>;

/** Empty strings and null from forms mean "the default". */
export const optionalProxyChoice = z.preprocess((v) => (v === "" || v === null ? undefined : v), proxyChoiceSchema.optional());

/** What a saved login shows of its sticky proxy (never credentials nor the session id). */
export const savedLoginProxySchema = z
  .object({
    pool: z.string(),
    country: z.string().nullable(),
    server: z.string().meta({ description: "The proxy it logged in through (scheme://host:port)" }),
  })
  .meta({
    description:
      "The proxy the login was made through: its runs go out through the same one (same session: same exit address). Null: the server's default.",
  });
export type SavedLoginProxy = z.infer<typeof savedLoginProxySchema>;

/**
 * The proxy a saved login keeps (stored with it, never returned as is): the pool's proxy it was
 * made through and its session id, so its runs leave from the same exit address.
 */
export interface StickyProxy {
  pool: string;
  entryId: string;
  /** scheme://host:port, shown with the login. */
  server: string;
  session: string;
  country: string | null;
}
