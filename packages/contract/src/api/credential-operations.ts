import { apiErrorSchema } from "../errors.ts";
import {
  createCredentialSchema,
  credentialListSchema,
  credentialSchema,
  MAX_CREDENTIALS_PER_ACCOUNT,
  updateCredentialSchema,
} from "../credentials.ts";
import { commonErrors, idParam, jsonBody, jsonContent, operation } from "./describe.ts";

const tags = ["Credentials"];
const USE =
  "A task names the credentials its runs may use (`credential_names`); the agent then types `{{secret:<name>.username}}`, `{{secret:<name>.password}}` or `{{secret:<name>.totp}}` (a fresh RFC 6238 code) and the real value goes into the page, only on the credential's domains. The values are sealed at rest (AES-256-GCM) and never returned nor shown to the model.";
const taken = { 409: jsonContent(apiErrorSchema, "Another credential has this name, or the account has the most it may keep") };

export const credentialOperations = {
  listCredentials: operation("listCredentials", {
    tags,
    summary: "Your vault's credentials, by name (never their values)",
    responses: { 200: jsonContent(credentialListSchema, "The credentials"), ...commonErrors },
  }),
  createCredential: operation("createCredential", {
    tags,
    summary: "Save a site login in the vault",
    description: `${USE} At most ${MAX_CREDENTIALS_PER_ACCOUNT} credentials per account.`,
    request: { body: jsonBody(createCredentialSchema) },
    responses: { 201: jsonContent(credentialSchema, "The credential (without its values)"), ...taken, ...commonErrors },
  }),
  getCredential: operation("getCredential", {
    tags,
    summary: "One credential (without its values)",
    request: { params: idParam },
    responses: { 200: jsonContent(credentialSchema, "The credential"), ...commonErrors },
  }),
  updateCredential: operation("updateCredential", {
    tags,
    summary: "Change a credential: only the fields sent change",
    description:
      "Values are written, never read: leave one out to keep it. `totp_secret: null` removes the TOTP secret. Renaming it breaks tasks that name the old name.",
    request: { params: idParam, body: jsonBody(updateCredentialSchema) },
    responses: { 200: jsonContent(credentialSchema, "The credential, updated"), ...taken, ...commonErrors },
  }),
  deleteCredential: operation("deleteCredential", {
    tags,
    summary: "Delete a credential",
    description: "Runs of tasks that name it go on without it.",
    request: { params: idParam },
    responses: { 204: { description: "Deleted" }, ...commonErrors },
  }),
};
