// @errand/server/endpoints: what a process without the web app serves (a worker's health
// endpoints and its internal live endpoint). Loading these skips the app, auth and MCP: a
// worker process starts on about a third of the modules `@errand/server` loads.
export { startHealthServer } from "./http/system/health-server.ts";
export { browserCheck } from "./http/system/browser-check.ts";
export { startInternalLiveEndpoint, type InternalLiveEndpoint } from "./live/internal-live-endpoint.ts";
