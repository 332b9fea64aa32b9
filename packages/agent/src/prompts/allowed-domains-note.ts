/** What the model is told of a run kept to its allowed domains (docs/adr/0049-messages-and-allowed-domains.md), or null when it is not. */
export function allowedDomainsNote(allowedDomains: readonly string[] | undefined): string | null {
  if (!allowedDomains || allowedDomains.length === 0) return null;
  return `This run may visit only these domains: ${allowedDomains.join(", ")} ("*.example.com" means example.com and every name under it). Pages and requests elsewhere are refused.`;
}
