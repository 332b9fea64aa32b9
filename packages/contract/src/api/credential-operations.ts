import { apiErrorSchema } from "../errors.ts";
import {
  createCredentialSchema,
  credentialListSchema,
  credentialSchema,
  MAX_CREDENTIALS_PER_ACCOUNT,
  updateCredentialSchema,
} from "../credentials.ts";
import { jsonContent } from "./describe.ts";
import { resource } from "./resource.ts";

const USE =
  "A task names the credentials its runs may use (`credential_names`); the agent then types `{{secret:<name>.username}}`, `{{secret:<name>.password}}` or `{{secret:<name>.totp}}` (a fresh RFC 6238 code) and the real value goes into the page, only on the credential's domains. The values are sealed at rest (AES-256-GCM) and never returned nor shown to the model.";
const taken = { 409: jsonContent(apiErrorSchema, "Another credential has this name, or the account has the most it may keep") };
const credential = resource(["Credentials"], credentialSchema, taken);

export const credentialOperations = {
  listCredentials: credential.list("listCredentials", credentialListSchema, {
    summary: "Your vault's credentials, by name (never their values)",
    answer: "The credentials",
  }),
  createCredential: credential.create("createCredential", createCredentialSchema, {
    summary: "Save a site login in the vault",
    description: `${USE} At most ${MAX_CREDENTIALS_PER_ACCOUNT} credentials per account.`,
    answer: "The credential (without its values)",
  }),
  getCredential: credential.get("getCredential", { summary: "One credential (without its values)", answer: "The credential" }),
  updateCredential: credential.update("updateCredential", updateCredentialSchema, {
    summary: "Change a credential: only the fields sent change",
    description:
      "Values are written, never read: leave one out to keep it. `totp_secret: null` removes the TOTP secret. Renaming it breaks tasks that name the old name.",
    answer: "The credential, updated",
  }),
  deleteCredential: credential.delete("deleteCredential", {
    summary: "Delete a credential",
    description: "Runs of tasks that name it go on without it.",
  }),
};
