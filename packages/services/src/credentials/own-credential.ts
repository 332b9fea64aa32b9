import { credentials } from "@errand/db";
import { ownership } from "../ownership.ts";

/**
 * The caller's credential, or "Credential not found" (src/ownership.ts): `ownCredential(db, caller, id,
 * columns?)` reads it, `callersCredential(caller, id)` is the where clause of a write, which throws
 * `credentialNotFound()` when it touched no row.
 */
export const {
  own: ownCredential,
  where: callersCredential,
  notFound: credentialNotFound,
} = ownership(credentials, credentials.id, credentials.workspaceId, "Credential");
