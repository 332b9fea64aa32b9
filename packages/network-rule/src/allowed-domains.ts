/**
 * Allowed domains of a run (docs/adr/0049-messages-and-allowed-domains.md): "example.com" is that
 * host only, "*.example.com" is example.com and every name under it. An IP address entry is that
 * address. Ports do not matter: a domain is allowed on any port.
 */
export function domainIsAllowed(hostname: string, allowedDomains: readonly string[]): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, "")
    .replace(/\.$/, "")
    .toLowerCase();
  return allowedDomains.some((entry) => {
    const domain = entry.trim().toLowerCase();
    if (!domain.startsWith("*.")) return host === domain;
    const base = domain.slice(2);
    return host === base || host.endsWith(`.${base}`);
  });
}

/** The refusal's words, naming the domains the run may visit. */
export function notAllowedReason(hostname: string, allowedDomains: readonly string[]): string {
  return `${hostname} is not among the run's allowed domains (${allowedDomains.join(", ")})`;
}
