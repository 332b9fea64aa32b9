// The contract's schemas of what people type into the signed-in app's forms, in one module that
// loads when a form is first sent (checked-submit.ts), not with the page: building them (and zod)
// cost every page load, though most loads send nothing (docs/adr/0052-a-cheaper-signed-in-page-load.md).
import { credentialOperations, proxyOperations } from "@errand/contract";

export { createApiKeySchema, createWebhookSchema, invitationInputSchema, workspaceNameInputSchema } from "@errand/contract";

/** The body schemas of the add-or-edit dialogs (use-save-item.ts): the same requests' own schemas. */
export const itemBodySchemas = {
  credential: {
    create: credentialOperations.createCredential.request.body.content["application/json"].schema,
    update: credentialOperations.updateCredential.request.body.content["application/json"].schema,
  },
  proxyPool: {
    create: proxyOperations.createProxyPool.request.body.content["application/json"].schema,
    update: proxyOperations.updateProxyPool.request.body.content["application/json"].schema,
  },
};
