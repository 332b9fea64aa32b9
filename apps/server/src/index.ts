export { createApp, API_V1_PREFIX, type AppDeps } from "./app.ts";
export { startServer, DEFAULT_WEB_DIR, type HttpDeps, type RunningServer } from "./start-server.ts";
export { startHealthServer, browserCheck, startInternalLiveEndpoint, type InternalLiveEndpoint } from "./endpoints.ts";
