import { lookup as dnsLookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";
import { domainIsAllowed, notAllowedReason } from "./allowed-domains.ts";

export interface NetworkPolicyOptions {
  /** Allow private, loopback, link-local and metadata addresses everywhere. */
  allowPrivate?: boolean;
  /** Hosts let through without any check: "127.0.0.1:4567" (that port) or "intranet.local" (any port). */
  allowHosts?: string[];
  /**
   * When set, the only hosts the browser may reach ("*.example.com" allowed), before any other
   * rule: an allowed host or ALLOW_PRIVATE_NETWORK does not widen it (allowed-domains.ts).
   */
  allowedDomains?: string[];
}

/** A refusal says why; `unresolved` when the host name had no address at all (nothing was judged). */
export type Verdict = { allowed: true } | { allowed: false; reason: string; unresolved?: true };

export interface AddressPolicy {
  /** Decides whether the browser may fetch this URL. Non-network schemes (data:, blob:, about:) pass. */
  check(url: string): Promise<Verdict>;
  /** True when every URL passes (ALLOW_PRIVATE_NETWORK): there is nothing to watch for. */
  readonly allowsEverything?: boolean;
}

/** Where a connection may go: the addresses that were checked, to connect to (no second lookup). */
export type Admission = { allowed: true; addresses: string[] } | { allowed: false; reason: string; unresolved?: true };

/** An address policy that also hands out the checked addresses, for code that opens the connection itself. */
export interface ConnectionPolicy extends AddressPolicy {
  /** Resolves a network URL's host once and judges every address; allowed hosts are resolved, not judged. */
  admit(url: string): Promise<Admission>;
}

export type LookupFn = (hostname: string) => Promise<string[]>;

const CACHE_TTL_MS = 60_000;
const NETWORK_SCHEMES = new Set(["http:", "https:", "ws:", "wss:", "ftp:"]);
const DEFAULT_PORTS: Record<string, string> = { "http:": "80", "https:": "443", "ws:": "80", "wss:": "443", "ftp:": "21" };

const systemLookup: LookupFn = async (hostname) => (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/** True for an address on the public internet; false for private, loopback, link-local, metadata, etc. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const ip = ipaddr.process(address);
  if (ip.kind() === "ipv6") {
    const v6 = ip as ipaddr.IPv6;
    // NAT64 (64:ff9b::/96) embeds an IPv4 address: judge that one, so IPv6-only hosts still work.
    if (v6.range() === "rfc6052") {
      const bytes = v6.toByteArray().slice(12);
      return isPublicAddress(bytes.join("."));
    }
  }
  return ip.range() === "unicast";
}

function stripBrackets(hostname: string): string {
  return hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
}

function parseAllowEntry(entry: string): { host: string; port: string | undefined } {
  const e = entry.trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(e);
  if (bracketed) return { host: bracketed[1] ?? "", port: bracketed[2] };
  const colons = e.split(":").length - 1;
  if (colons === 1) {
    const [host = "", port] = e.split(":");
    return { host, port };
  }
  return { host: e, port: undefined };
}

/**
 * Names that can only ever mean a machine inside: "localhost" (RFC 6761), and the suffixes kept
 * for private and link-local use (.localhost, .local, .internal, .home.arpa; the cloud metadata
 * names such as metadata.google.internal are among them). Refused without a lookup, so a name
 * that does not resolve here (yet) is still refused.
 */
function isInsideName(hostname: string): boolean {
  const name = hostname.replace(/\.$/, "");
  return name === "localhost" || /\.(localhost|local|internal|home\.arpa)$/.test(name);
}

/** True when the URL's host is one of `allowHosts`: "127.0.0.1:4567" (that port) or "intranet.local" (any port). */
export function hostIsAllowed(url: string | URL, allowHosts: string[]): boolean {
  const parsed = typeof url === "string" ? new URL(url) : url;
  return hostMatches(parsed, allowHosts);
}

function hostMatches(url: URL, allowHosts: string[]): boolean {
  const hostname = stripBrackets(url.hostname).toLowerCase();
  const port = url.port || DEFAULT_PORTS[url.protocol] || "";
  return allowHosts.some((entry) => {
    const allowed = parseAllowEntry(entry);
    return allowed.host === hostname && (allowed.port === undefined || allowed.port === port);
  });
}

/**
 * The address policy of one run: every host is resolved (all its addresses) and refused when
 * any address is not public, unless the host is allowed. Lookups are cached for a minute, so the
 * addresses `admit` returns are the ones that were judged.
 */
export function createAddressPolicy(opts: NetworkPolicyOptions = {}, lookup: LookupFn = systemLookup): ConnectionPolicy {
  const allowHosts = opts.allowHosts ?? [];
  const domains = opts.allowedDomains && opts.allowedDomains.length > 0 ? opts.allowedDomains : undefined;
  const outsideDomains = (hostname: string): Verdict | undefined =>
    domains && !domainIsAllowed(hostname, domains) ? { allowed: false, reason: notAllowedReason(hostname, domains) } : undefined;
  const cache = new Map<string, { at: number; addresses: Promise<string[] | undefined> }>();

  function resolve(hostname: string): Promise<string[] | undefined> {
    if (ipaddr.isValid(hostname)) return Promise.resolve([hostname]);
    const cached = cache.get(hostname);
    if (cached && Date.now() - cached.at < CACHE_TTL_MS) return cached.addresses;
    const addresses = lookup(hostname).then(
      (found) => (found.length > 0 ? found : undefined),
      () => undefined,
    );
    cache.set(hostname, { at: Date.now(), addresses });
    return addresses;
  }

  async function judgeHost(hostname: string, judge: boolean): Promise<Admission> {
    if (judge && isInsideName(hostname))
      return { allowed: false, reason: `${hostname} names a private, loopback, link-local or metadata address` };
    const addresses = await resolve(hostname);
    if (!addresses) return { allowed: false, reason: `the host name ${hostname} could not be resolved`, unresolved: true };
    if (!judge) return { allowed: true, addresses };
    const bad = addresses.find((a) => !isPublicAddress(a));
    if (bad === undefined) return { allowed: true, addresses };
    return {
      allowed: false,
      reason:
        bad === hostname
          ? `${hostname} is a private, loopback, link-local or metadata address`
          : `${hostname} resolves to ${bad}, a private, loopback, link-local or metadata address`,
    };
  }

  /** The URL's host when it is a network URL, else a verdict already. */
  function networkHost(rawUrl: string): { url: URL; hostname: string } | Verdict {
    let url: URL;
    try {
      url = new URL(rawUrl);
    } catch {
      return { allowed: false, reason: `${rawUrl} is not a valid URL` };
    }
    if (!NETWORK_SCHEMES.has(url.protocol)) return { allowed: true };
    return { url, hostname: stripBrackets(url.hostname).toLowerCase() };
  }

  return {
    allowsEverything: Boolean(opts.allowPrivate) && !domains,
    async check(rawUrl) {
      if (opts.allowPrivate && !domains) return { allowed: true };
      const target = networkHost(rawUrl);
      if (!("hostname" in target)) return target;
      const outside = outsideDomains(target.hostname);
      if (outside) return outside;
      if (opts.allowPrivate) return { allowed: true };
      if (hostMatches(target.url, allowHosts)) return { allowed: true };
      const admission = await judgeHost(target.hostname, true);
      return admission.allowed ? { allowed: true } : admission;
    },
    async admit(rawUrl) {
      const target = networkHost(rawUrl);
      if (!("hostname" in target)) return target.allowed ? { allowed: false, reason: `${rawUrl} is not a network address` } : target;
      const outside = outsideDomains(target.hostname);
      if (outside) return outside as Admission;
      return judgeHost(target.hostname, !opts.allowPrivate && !hostMatches(target.url, allowHosts));
    },
  };
}
