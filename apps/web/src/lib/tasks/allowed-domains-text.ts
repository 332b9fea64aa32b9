import { allowedDomainProblem, normalizeAllowedDomain } from "@errand/contract";

/**
 * The task form's "Allowed domains" box (docs/adr/0049-messages-and-allowed-domains.md): domains
 * separated by commas, spaces or lines, as the API's list. Pure: unit-tested in node.
 */
export function allowedDomainsFromText(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,]+/)
        .map(normalizeAllowedDomain)
        .filter(Boolean),
    ),
  ];
}

export function allowedDomainsToText(domains: readonly string[] | null | undefined): string {
  return (domains ?? []).join(", ");
}

/** The first entry that is not a domain, said as the API says it, or undefined. */
export function allowedDomainsError(text: string): string | undefined {
  for (const domain of allowedDomainsFromText(text)) {
    const problem = allowedDomainProblem(domain);
    if (problem) return problem.replace(/^allowed_domains: /, "");
  }
  return undefined;
}
