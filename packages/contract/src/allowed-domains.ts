import { z } from "zod";

/** Allowed domains of a task, run or workspace (docs/adr/0049-messages-and-allowed-domains.md). */
export const ALLOWED_DOMAINS = { max: 50, maxLength: 253 } as const;

const LABEL = "[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?";
const DOMAIN = new RegExp(`^(?:\\*\\.)?${LABEL}(?:\\.${LABEL})*$`);
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

/** "Shop.Example.com." → "shop.example.com": domains are compared lower-case, without a final dot. */
export function normalizeAllowedDomain(domain: string): string {
  return domain.trim().toLowerCase().replace(/\.$/, "");
}

/** Why an entry is not a domain the list can hold, or null: a host name, "*." and a host name, or an IPv4 address. */
export function allowedDomainProblem(domain: string): string | null {
  const ok = domain.length <= ALLOWED_DOMAINS.maxLength && (IPV4.test(domain) ? !domain.startsWith("*.") : DOMAIN.test(domain));
  if (ok) return null;
  return `allowed_domains: "${domain.slice(0, 80)}" is not a domain; give a host name such as example.com or *.example.com, without scheme, port or path`;
}

/** A list of allowed domains: lower-cased and deduplicated, in the order given; empty means no limit. */
export const allowedDomainsSchema = z
  .array(z.string({ error: "allowed_domains must be a list of domains" }), { error: "allowed_domains must be a list of domains" })
  .transform((domains) => [...new Set(domains.map(normalizeAllowedDomain))])
  .superRefine((domains, ctx) => {
    if (domains.length > ALLOWED_DOMAINS.max)
      ctx.addIssue({ code: "custom", message: `allowed_domains has at most ${ALLOWED_DOMAINS.max} domains` });
    for (const domain of domains) {
      const problem = allowedDomainProblem(domain);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }
  })
  .meta({
    description: `The only hosts the run's browser may reach: example.com is that host, *.example.com is example.com and every name under it (any port). At most ${ALLOWED_DOMAINS.max}. Requests and navigations elsewhere are refused and noted in the step.`,
  });

/** As stored: null for no limit (an empty list sent means none). */
export const allowedDomainsOrNull = z.preprocess(
  (v) => (v === "" ? null : v),
  allowedDomainsSchema
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null || v.length === 0 ? null : v)),
);
