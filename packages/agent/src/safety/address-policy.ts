import { lookup as dnsLookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";

export interface NetworkPolicyOptions {
  /** Allow private, loopback, link-local and metadata addresses everywhere. */
  allowPrivate?: boolean;
  /** Hosts let through without any check: "127.0.0.1:4567" (that port) or "intranet.local" (any port). */
  allowHosts?: string[];
}

export type Verdict = { allowed: true } | { allowed: false; reason: string };

export interface AddressPolicy {
  /** Decides whether the browser may fetch this URL. Non-network schemes (data:, blob:, about:) pass. */
  check(url: string): Promise<Verdict>;
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
 * any address is not public, unless the host is allowed. Decisions are cached for a minute.
 */
export function createAddressPolicy(opts: NetworkPolicyOptions = {}, lookup: LookupFn = systemLookup): AddressPolicy {
  const allowHosts = opts.allowHosts ?? [];
  const cache = new Map<string, { at: number; verdict: Promise<Verdict> }>();

  async function judgeHost(hostname: string): Promise<Verdict> {
    if (ipaddr.isValid(hostname)) {
      return isPublicAddress(hostname)
        ? { allowed: true }
        : { allowed: false, reason: `${hostname} is a private, loopback, link-local or metadata address` };
    }
    let addresses: string[];
    try {
      addresses = await lookup(hostname);
    } catch {
      return { allowed: false, reason: `the host name ${hostname} could not be resolved` };
    }
    if (addresses.length === 0) return { allowed: false, reason: `the host name ${hostname} could not be resolved` };
    const bad = addresses.find((a) => !isPublicAddress(a));
    return bad === undefined
      ? { allowed: true }
      : { allowed: false, reason: `${hostname} resolves to ${bad}, a private, loopback, link-local or metadata address` };
  }

  return {
    async check(rawUrl) {
      if (opts.allowPrivate) return { allowed: true };
      let url: URL;
      try {
        url = new URL(rawUrl);
      } catch {
        return { allowed: false, reason: `${rawUrl} is not a valid URL` };
      }
      if (!NETWORK_SCHEMES.has(url.protocol)) return { allowed: true };
      if (hostMatches(url, allowHosts)) return { allowed: true };
      const hostname = stripBrackets(url.hostname).toLowerCase();
      const cached = cache.get(hostname);
      if (cached && Date.now() - cached.at < CACHE_TTL_MS) return cached.verdict;
      const verdict = judgeHost(hostname);
      cache.set(hostname, { at: Date.now(), verdict });
      return verdict;
    },
  };
}
