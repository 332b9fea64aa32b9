import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { request as httpRequest, type RequestOptions } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { isPublicAddress } from "@errand/network-rule";

/** Resolves a host name to all its addresses (the system resolver; tests pass their own). */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

const systemResolve: Resolve = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/** Thrown when the address a host name resolves to at connection time is not public. */
export class RefusedAddressError extends Error {
  readonly code = "ERR_WEBHOOK_ADDRESS_REFUSED";
}

/**
 * The connection's own lookup: every address the name resolves to must be public, checked on
 * the very answer the socket then connects to. A name that passed the address rule a moment ago
 * and now points inside (DNS rebinding) is refused here, before any connection opens.
 */
function lookupThrough(resolve: Resolve, guard: boolean): LookupFunction {
  return (hostname, options, callback) => {
    const answer = callback as (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
    resolve(hostname).then(
      (addresses) => {
        const inside = guard ? addresses.find((a) => !isPublicAddress(a.address)) : undefined;
        if (inside)
          return answer(
            new RefusedAddressError(`${hostname} resolves to ${inside.address}, a private, loopback, link-local or metadata address`),
            "",
          );
        const usable = options.family === 4 || options.family === 6 ? addresses.filter((a) => a.family === options.family) : addresses;
        if (!usable.length) return answer(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "");
        if ((options as { all?: boolean }).all) return answer(null, usable);
        answer(null, usable[0]!.address, usable[0]!.family);
      },
      (error: NodeJS.ErrnoException) => answer(error, ""),
    );
  };
}

/**
 * POSTs a body and resolves with the status code once the answer's headers arrive; the answer's
 * body is discarded. Redirects are not followed. With `guard`, host names are resolved through
 * the address rule at connection time (IP literals are judged by the caller's rule beforehand).
 */
export function postWebhook(
  url: string,
  request: { headers: Record<string, string>; body: string; signal: AbortSignal; guard: boolean; resolve?: Resolve },
): Promise<number> {
  const target = new URL(url);
  const options: RequestOptions = {
    method: "POST",
    headers: { ...request.headers, "content-length": String(Buffer.byteLength(request.body)) },
    signal: request.signal,
    lookup: request.guard || request.resolve ? lookupThrough(request.resolve ?? systemResolve, request.guard) : undefined,
  };
  const send = target.protocol === "https:" ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const outgoing = send(target, options, (response) => {
      resolve(response.statusCode ?? 0);
      // Only the status matters: the answer's body is not read.
      response.on("error", () => undefined);
      response.destroy();
    });
    outgoing.on("error", reject);
    outgoing.end(request.body);
  });
}
