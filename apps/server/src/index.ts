export { createApp, API_V1_PREFIX, type AppDeps } from "./app.ts";
export { startServer, DEFAULT_WEB_DIR, type HttpDeps, type RunningServer } from "./start-server.ts";
export { startHealthServer } from "./http/system/health-server.ts";
export { browserCheck } from "./http/system/browser-check.ts";
export { startInternalLiveEndpoint, type InternalLiveEndpoint } from "./live/internal-live-endpoint.ts";
