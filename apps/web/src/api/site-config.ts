import { queryOptions } from "@tanstack/react-query";
import type { SiteConfig } from "@errand/contract";
import type { Parser } from "./http";
import { requestOperation } from "./operation";

export type { SiteConfig } from "@errand/contract";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/**
 * Checked by hand, not with the contract's zod schema: the login and signup pages (first-load
 * bundle) read it for their provider buttons.
 */
export const siteConfigParser: Parser<SiteConfig> = {
  parse(data) {
    if (!isRecord(data) || typeof data.billing !== "boolean" || !isRecord(data.providers)) {
      throw new Error("Unexpected site-config response");
    }
    const { providers } = data;
    return {
      billing: data.billing,
      payments: data.payments === true,
      providers: { google: providers.google === true, github: providers.github === true },
    };
  },
};

export function getSiteConfig(signal?: AbortSignal): Promise<SiteConfig> {
  return requestOperation("getSiteConfig", { signal }, siteConfigParser);
}

/** What this installation offers (billing, identity providers): fixed while the server runs. */
export const siteConfigQueryOptions = queryOptions({
  queryKey: ["site-config"] as const,
  queryFn: ({ signal }) => getSiteConfig(signal),
  staleTime: Infinity,
  gcTime: Infinity,
  refetchOnWindowFocus: false,
  retry: 1,
});
