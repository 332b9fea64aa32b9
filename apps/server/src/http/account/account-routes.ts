import { accountOperations } from "@errand/contract";
import { deleteAccount, getAccount, revealApiKey, rotateApiKey } from "@errand/services/accounts";
import { getWebhookSecret } from "@errand/services/webhooks";
import type { CallerVerbArgs, ServiceContext } from "@errand/services";
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "../authenticate.ts";
import { verbServer } from "../serve-verb.ts";

type NoInput = CallerVerbArgs<Record<string, never>>;
/** Secrets are never kept by a cache. */
const NO_STORE = { "cache-control": "no-store" };

export function registerAccountRoutes(api: OpenAPIHono<AppEnv>, ctx: ServiceContext) {
  const serve = verbServer(api, ctx);
  serve(accountOperations.getAccount, () => ({}), getAccount);
  const reveal = async (args: NoInput) => ({ api_key: (await revealApiKey(args)).apiKey });
  serve(accountOperations.revealApiKey, () => ({}), reveal, NO_STORE);
  const secret = async (args: NoInput) => ({ webhook_secret: await getWebhookSecret(args) });
  serve(accountOperations.getWebhookSecret, () => ({}), secret, NO_STORE);
  const rotate = async (args: NoInput) => ({ api_key: (await rotateApiKey(args)).apiKey });
  serve(accountOperations.rotateApiKey, () => ({}), rotate, NO_STORE);
  serve(accountOperations.deleteAccount, () => ({}), deleteAccount);
}
