import type { Credential } from "@errand/contract";
import { requireScope, type CallerVerbArgs } from "../caller.ts";
import { ownCredential } from "./own-credential.ts";
import { credentialToApi } from "./to-api.ts";

/** One of the caller's credentials, without its values. Another user's is reported as missing. */
export async function getCredential({ ctx, caller, input }: CallerVerbArgs<{ id: string }>): Promise<Credential> {
  requireScope(caller, "read");
  return credentialToApi(ctx, await ownCredential(ctx.db, caller, input.id));
}
