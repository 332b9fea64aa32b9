// @errand/services/credentials: secrets a run may type, sealed at rest (docs/adr/0020-credential-vault.md).
export { createCredential } from "./create-credential.ts";
export { listCredentials } from "./list-credentials.ts";
export { getCredential } from "./get-credential.ts";
export { updateCredential } from "./update-credential.ts";
export { deleteCredential } from "./delete-credential.ts";
export { loadRunCredentials, type RunCredential } from "./load-run-credentials.ts";
