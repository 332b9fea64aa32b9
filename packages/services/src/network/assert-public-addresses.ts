import { createAddressPolicy } from "@errand/network-rule";
import type { ServiceContext } from "../context.ts";
import { invalid } from "../errors.ts";

/** An address a caller gave, and the field it came in. */
export interface AddressTarget {
  path: string;
  url: string;
}

const UNLESS = "such addresses are refused unless the server sets ALLOW_PRIVATE_NETWORK=true";

/**
 * Refuses, with one 400 naming each field, addresses the server would have to reach inside its
 * own network: private, loopback, link-local and metadata addresses, after resolving names (all
 * their addresses), unless the server allows them. Called before anything is written. A name
 * that does not resolve now is let through: it is judged again, with the same rule, when used.
 */
export async function assertPublicAddresses(ctx: Pick<ServiceContext, "network">, targets: AddressTarget[]): Promise<void> {
  if (ctx.network.allowPrivate || targets.length === 0) return;
  const policy = createAddressPolicy({ allowHosts: ctx.network.allowHosts }, ctx.network.lookup);
  const verdicts = await Promise.all(targets.map(async (target) => ({ target, verdict: await policy.check(target.url) })));
  const refused = verdicts.flatMap(({ target, verdict }) =>
    verdict.allowed || verdict.unresolved ? [] : [{ path: target.path, message: `${verdict.reason}; ${UNLESS}` }],
  );
  if (refused.length > 0) throw invalid(refused);
}

/** The optional URL fields of a verb's input that the server will reach, as targets. */
export function urlTargets(fields: Record<string, string | null | undefined>): AddressTarget[] {
  return Object.entries(fields).flatMap(([path, url]) => (url ? [{ path, url }] : []));
}
