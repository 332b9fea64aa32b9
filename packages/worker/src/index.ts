export { startWorker, type RunningWorker } from "./start-worker.ts";
export { executeRun, type WorkerDeps } from "./execute-run.ts";
export { deliverWebhook, WEBHOOK_TIMEOUT_MS } from "./deliver-webhook.ts";
export { startWebhookWorker, WEBHOOK_WORKER_DEFAULTS, type WebhookWorker, type WebhookWorkerOptions } from "./webhook-worker.ts";
export { chooseModel, type LlmSettings } from "./model-settings.ts";
export { loginBrowserOpener } from "./login-browser.ts";
