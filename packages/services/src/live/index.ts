// @errand/services/live: live browsers; login sessions, watching runs, and the relay between
// processes (docs/adr/0013-live-browsers-relayed-between-processes.md).
export { connectViewer, type ViewerTarget } from "./connect-viewer.ts";
export { createLiveAnnouncer, type LiveAnnouncer, type LiveRelay } from "./live-announcer.ts";
export { findLiveEndpoint, recordLiveEndpoint, removeLiveEndpoint, removeLiveEndpointsAt, type LiveEndpoint } from "./live-endpoints.ts";
export { internalLiveKey, signInternalCredential, verifyInternalCredential, type LiveKind } from "./internal-credential.ts";
export {
  answerLiveCall,
  callLiveOwner,
  heldLiveTarget,
  liveCallSchema,
  INTERNAL_LIVE_CALL_PATH,
  INTERNAL_LIVE_SOCKET_PATH,
  type LiveCall,
} from "./relay-calls.ts";
export {
  createLiveSessions,
  type LiveSessions,
  type LiveSession,
  type LiveSessionLimits,
  type RelogInOptions,
  type LiveSessionProxy,
  type OpenLiveBrowser,
  type OpenedBrowser,
} from "./live-sessions.ts";
export { createLiveRuns, type LiveRun, type LiveRuns } from "./live-runs.ts";
export type { LiveServices } from "./live-services.ts";
export type { LiveTarget, LiveViewer, LiveAttachment, SavedState, SavedCookie } from "./live-types.ts";
export { signViewerToken, verifyViewerToken, viewerTokenKey, type ViewerGrant } from "./viewer-token.ts";
