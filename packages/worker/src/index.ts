export { startWorker, type RunningWorker } from "./start-worker.ts";
export { executeRun, type WorkerDeps } from "./execute-run.ts";
export { deliverWebhook } from "./deliver-webhook.ts";
export { chooseModel, type LlmSettings } from "./model-settings.ts";
export { loginBrowserOpener } from "./login-browser.ts";
