// @errand/server/testing: what tests of other packages drive the server with (a live viewer).
export { connectTestViewer, pressKey, typeText, type TestViewer } from "./live-client.ts";
