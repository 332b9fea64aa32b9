import { apiErrorSchema } from "../errors.ts";
import { sessionRecordingSchema } from "../session-recordings.ts";
import { area, byId, jsonContent, ok } from "./describe.ts";

const op = area(["Runs"]);

/** A run's session recording (docs/adr/0047-session-recordings.md). */
export const sessionRecordingOperations = {
  getRunRecording: op("getRunRecording", {
    summary: "A run's session recording: its pages as rrweb events, with step markers",
    description:
      "What the run's browser showed, every tab, as rrweb events (`tab` says which), and when each step started, for a player such as rrweb's Replayer. Password fields and the run's saved-login and vault secrets are masked. Kept when the run ends, with the run (deleted with it); `cut` and `note` say when it reached the size limit. A run or task with `recording: false` keeps none. Sent gzipped to clients that accept it.",
    request: byId,
    responses: ok(sessionRecordingSchema, "The recording", {
      404: jsonContent(apiErrorSchema, "No such run, or it has no recording (the message says why: turned off, still running, or older)"),
    }),
  }),
};
