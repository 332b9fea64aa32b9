// @errand/services/events: run events between processes (Postgres NOTIFY), for live streams.
export { RUN_EVENTS_CHANNEL, publishRunEvent, type RunEvent } from "./run-events.ts";
export { createRunEventListener, type RunEventListener } from "./run-event-listener.ts";
