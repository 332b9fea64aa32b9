import { z } from "zod";

/*
 * A run's session recording (docs/adr/0047-session-recordings.md): what its browser showed, tab by
 * tab, as rrweb events, with the time each step started so a player can place them. Not to be
 * confused with a task's recording (recordings.ts), which is a list of actions to replay.
 */

export const SESSION_RECORDING_FORMAT = "errand-session-recording";
export const SESSION_RECORDING_VERSION = 1;

export const sessionRecordingStepSchema = z.object({
  number: z.number().int().min(1),
  at: z.number().meta({ description: "When the step started, in milliseconds since 1970 (the events' clock)." }),
});
export type SessionRecordingStep = z.infer<typeof sessionRecordingStepSchema>;

export const sessionRecordingEventSchema = z
  .looseObject({
    tab: z
      .number()
      .int()
      .min(0)
      .meta({ description: "The tab the event happened in: 0 is the run's first tab, then in the order they opened." }),
    type: z.number().int(),
    timestamp: z.number(),
    data: z.unknown(),
  })
  .meta({ description: "One rrweb event (type, data, timestamp), tagged with its tab." });
export type SessionRecordingEvent = z.infer<typeof sessionRecordingEventSchema>;

export const sessionRecordingSchema = z.object({
  format: z.literal(SESSION_RECORDING_FORMAT),
  version: z.literal(SESSION_RECORDING_VERSION),
  run_id: z.uuid(),
  started_at: z.number().meta({ description: "When recording began, in milliseconds since 1970." }),
  ended_at: z.number().meta({ description: "When recording ended, in milliseconds since 1970." }),
  tabs: z.number().int().min(0).meta({ description: "How many tabs the run opened." }),
  cut: z.boolean().meta({ description: "true when the recording reached the size limit and stopped before the run ended." }),
  note: z
    .string()
    .nullable()
    .meta({ description: 'Why the recording is incomplete, e.g. "The recording stopped at 20 MB, the size limit."; null otherwise.' }),
  steps: z.array(sessionRecordingStepSchema),
  events: z.array(sessionRecordingEventSchema),
});
export type SessionRecording = z.infer<typeof sessionRecordingSchema>;
