import { z } from "zod";
import { AGENT_TOOL_NAMES } from "./step-actions.ts";

/**
 * Repeat work without the model (ADR 0009). A successful run leaves a recording of its task:
 * each browser action with what finds its element again, the step's intent and what the page
 * did after it; and how the answer is read off the last page. Re-running the task replays it.
 */

/** How a run of a saved task is carried out. `auto` replays the task's recording when it has one. */
export const RUN_MODES = ["auto", "agent", "replay"] as const;
export type RunMode = (typeof RUN_MODES)[number];
export const runModeSchema = z.enum(RUN_MODES, { error: "mode must be auto, agent or replay" }).meta({
  description:
    "auto (default): replay the task's last good recording without the model when it has one, else the agent. agent: always the agent. replay: replay, and fail instead of falling back when there is no recording to replay.",
});

/** How a run went: its recording replayed whole, replayed with steps the agent repaired, or the agent alone. */
export const EXECUTION_KINDS = ["replayed", "repaired", "agent"] as const;
export type ExecutionKind = (typeof EXECUTION_KINDS)[number];

/** One way to find an element again, most robust first (role and name before a CSS path). */
export const locatorSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("role"), role: z.string(), name: z.string() }),
  z.object({ kind: z.literal("label"), text: z.string() }),
  z.object({ kind: z.literal("placeholder"), text: z.string() }),
  z.object({ kind: z.literal("test_id"), value: z.string() }),
  z.object({ kind: z.literal("text"), text: z.string() }),
  z.object({ kind: z.literal("css"), selector: z.string() }),
]);
export type Locator = z.infer<typeof locatorSchema>;
export const LOCATOR_KINDS = ["role", "label", "placeholder", "test_id", "text", "css"] as const;

export const elementTargetSchema = z
  .object({
    locators: z
      .array(locatorSchema)
      .meta({ description: "Ways to find the element, tried in order; the first that finds exactly one element wins." }),
    frame_path: z
      .array(z.string())
      .meta({ description: "CSS selectors of the iframes that hold the element, outermost first; [] in the page itself." }),
    description: z.string().meta({ description: "The element as the agent saw it, e.g. <button>Add to cart</button>." }),
  })
  .meta({ description: "An element of the page a recorded step acts on or reads." });
export type ElementTarget = z.infer<typeof elementTargetSchema>;

/** What a recorded `type` types: text written in the task, the task's own words as a parameter, or a secret that is never stored. */
export const typedValueSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("literal"), text: z.string() }),
  z.object({ kind: z.literal("parameter"), name: z.string() }),
  z.object({ kind: z.literal("secret") }),
]);
export type TypedValue = z.infer<typeof typedValueSchema>;

export const recordedStepSchema = z.object({
  number: z.number().int().min(1),
  intent: z.string().meta({ description: "What the step was for, in the agent's words when it said." }),
  action: z.enum(AGENT_TOOL_NAMES).meta({ description: "The tool the step used." }),
  input: z.record(z.string(), z.unknown()).meta({
    description:
      "The tool's other arguments (url, direction, keys, option, press_enter...); element indexes are replaced by `target`, typed text by `value`.",
  }),
  target: elementTargetSchema.nullable(),
  value: typedValueSchema.nullable(),
  expect: z
    .object({
      url: z.string().meta({ description: "The address after the step, parameters written as {name}." }),
      url_changed: z.boolean(),
    })
    .meta({ description: "The step's post-condition: where the page was after it when recorded." }),
  repairs: z.number().int().min(0).meta({ description: "Times the agent had to redo this step on replay." }),
  volatile: z
    .boolean()
    .meta({ description: "true: the step went differently between runs (repaired twice: a branch), so the agent always does it." }),
});
export type RecordedStep = z.infer<typeof recordedStepSchema>;

/** A value of the answer: a literal, or read from an element of the last page. */
export type AnswerTemplate = string | number | boolean | null | { $read: number } | AnswerTemplate[] | { [key: string]: AnswerTemplate };
const answerTemplateSchema: z.ZodType<AnswerTemplate> = z.lazy(() =>
  z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.object({ $read: z.number().int().min(0) }).strict(),
    z.array(answerTemplateSchema),
    z.record(z.string(), answerTemplateSchema),
  ]),
);

export const readSchema = z.object({
  target: elementTargetSchema,
  as: z.enum(["text", "number"]).meta({ description: "text: the element's text; number: the number in it." }),
});
export type AnswerRead = z.infer<typeof readSchema>;

export const extractionSchema = z
  .object({
    format: z.enum(["text", "json"]),
    reads: z.array(readSchema).meta({ description: "Elements of the last page the answer is read from." }),
    // Stored and returned as written; not described further: the OpenAPI generator cannot follow its recursion.
    template: z.unknown().meta({
      description: 'The answer with each value read from the page written as {"$read": n} (text: a list of strings and reads, joined).',
    }),
  })
  .meta({ description: "How the answer is read off the last page on replay, without the model." });
export type Extraction = Omit<z.infer<typeof extractionSchema>, "template"> & { template: AnswerTemplate };
export const answerTemplate = answerTemplateSchema;

export const recordingParameterSchema = z.object({
  name: z.string(),
  value: z.string().meta({ description: "The words of the task it stands for." }),
});

/** What the recording replaces: its original run's cost, to say what a replay saved. */
export const recordingOriginSchema = z.object({
  run_id: z.string().nullable(),
  seconds: z.number(),
  input_tokens: z.number().int(),
  output_tokens: z.number().int(),
});

/** What the agent hands the worker: a recording before it is stored (no version yet). */
export const recordingDraftSchema = z.object({
  prompt: z.string(),
  parameters: z.array(recordingParameterSchema),
  steps: z.array(recordedStepSchema),
  extraction: extractionSchema,
});
export type RecordingDraft = Omit<z.infer<typeof recordingDraftSchema>, "extraction"> & { extraction: Extraction };

export const recordingSchema = recordingDraftSchema
  .extend({
    task_id: z.uuid(),
    version: z.number().int().min(1).meta({ description: "1 for the task's first recording; a repaired replay makes the next." }),
    kind: z.enum(["recorded", "repaired"]),
    origin: recordingOriginSchema,
    created_at: z.string(),
  })
  .meta({ description: "A recording of a saved task: what a replay does without the model." });
export type Recording = z.infer<typeof recordingSchema>;

export const recordingListSchema = z.object({
  always_use_agent: z.boolean().meta({ description: "The task is never replayed." }),
  recordings: z.array(recordingSchema).meta({ description: "Newest version first; a replay uses the first." }),
});
export type RecordingList = z.infer<typeof recordingListSchema>;

/** How a finished run of a saved task was carried out; null while pending, and for runs before recordings. */
export const runExecutionSchema = z
  .object({
    kind: z.enum(EXECUTION_KINDS),
    recording_version: z.number().int().nullable().meta({ description: "The recording replayed; null for agent runs." }),
    repaired_steps: z.array(z.number().int()).meta({ description: "Recorded steps the agent redid (their numbers in the recording)." }),
    new_recording_version: z.number().int().nullable().meta({ description: "The recording this run left, if it made one." }),
    tokens_saved: z
      .number()
      .int()
      .nullable()
      .meta({ description: "Model tokens the recording's original run used that this run did not; null for agent runs." }),
    seconds_saved: z.number().nullable().meta({ description: "Seconds faster than the recording's original run; null for agent runs." }),
    note: z.string().nullable().meta({ description: "Why it was not replayed, or where the replay missed." }),
  })
  .meta({ description: "How the run was carried out: replayed without the model, repaired by the agent, or the agent." });
export type RunExecution = z.infer<typeof runExecutionSchema>;

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The values of the parameters in a new prompt, when it is the recorded one with other words in
 * the parameters' places; null when the prompt differs elsewhere (then it is another task).
 */
export function matchPrompt(
  recorded: string,
  parameters: { name: string; value: string }[],
  prompt: string,
): Record<string, string> | null {
  const values = Object.fromEntries(parameters.map((p) => [p.name, p.value]));
  if (recorded === prompt) return values;
  // Where each parameter's words are in the recorded prompt: longest first, so a value inside
  // another is not cut out of it; a value met twice is a parameter at its first place only.
  const places: { at: number; end: number; name: string }[] = [];
  for (const p of [...parameters].sort((a, b) => b.value.length - a.value.length)) {
    let at = recorded.indexOf(p.value);
    while (at >= 0 && places.some((q) => at < q.end && at + p.value.length > q.at)) at = recorded.indexOf(p.value, at + 1);
    if (at >= 0) places.push({ at, end: at + p.value.length, name: p.name });
  }
  places.sort((a, b) => a.at - b.at);
  let pattern = "";
  let cursor = 0;
  for (const place of places) {
    pattern += `${escapeRegex(recorded.slice(cursor, place.at))}([\\s\\S]+?)`;
    cursor = place.end;
  }
  const match = new RegExp(`^${pattern}${escapeRegex(recorded.slice(cursor))}$`).exec(prompt);
  if (!match) return null;
  places.forEach((place, i) => (values[place.name] = match[i + 1] ?? ""));
  return values;
}
