import { parseProxyUrl } from "@errand/contract";
import type { ServiceContext } from "../context.ts";
import { sealSecret } from "../secrets/seal-secret.ts";

/** A proxy URL (already validated) as its row: address and country plain, credentials sealed. */
export function sealEntry(
  ctx: Pick<ServiceContext, "encryptionKey">,
  poolId: string,
  position: number,
  entry: { url: string; country?: string },
) {
  const parsed = parseProxyUrl(entry.url);
  if (typeof parsed === "string") throw new Error(parsed); // the contract's schema checked it already
  return {
    poolId,
    position,
    scheme: parsed.scheme,
    host: parsed.host,
    port: parsed.port,
    country: entry.country ?? null,
    usernameCiphertext: parsed.username ? sealSecret(ctx, parsed.username) : null,
    passwordCiphertext: parsed.password ? sealSecret(ctx, parsed.password) : null,
  };
}
