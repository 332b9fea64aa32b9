import { z } from "zod";

/**
 * The browser agent's tools by name: the protocol between the model and the agent (each one is
 * described in packages/agent/src/act/tool-definitions.ts) and the `name` of a step's actions.
 * The list lives here because the agent depends on the contract, not the other way round.
 */
export const AGENT_TOOL_NAMES = [
  "navigate",
  "click",
  "type",
  "select_option",
  "hover",
  "drag",
  "select_text",
  "scroll",
  "press_keys",
  "click_at",
  "type_at",
  "upload_file",
  "answer_dialog",
  "go_back",
  "open_tab",
  "switch_tab",
  "close_tab",
  "wait",
  "extract",
  "ask_person",
  "done",
  // Not a tool the model is offered: the agent's own captcha solving, recorded as a step's action.
  "solve_captcha",
] as const;
export type AgentToolName = (typeof AGENT_TOOL_NAMES)[number];

/*
 * `input` holds the model's arguments as it sent them. They carry no saved-login secrets: the
 * agent replaces every secret with "[redacted]" in all it shows the model (page text, the
 * task, earlier tool calls) and sends no screenshot of a page showing one, so the model cannot
 * type one. Text the user wrote in the prompt (e.g. a search term) can appear, as in the prompt.
 */
export const stepActionSchema = z
  .object({
    name: z.enum(AGENT_TOOL_NAMES).meta({ description: "The tool the agent used." }),
    // JSON values; not z.json(): the OpenAPI generator cannot follow its recursion.
    input: z.record(z.string(), z.unknown()).meta({
      description:
        'The tool\'s arguments as the agent gave them. `index` is an element\'s number on the page as the agent saw it: click {"index":12}, type {"index":3,"text":"laptop","press_enter":true}, navigate {"url":"https://..."}, scroll {"direction":"down"}, extract {"question":"..."}, done {"success":true,"text":"..."} (JSON runs: "data"); ask_person {"reason":"..."} (the agent asked for a person to take control); solve_captcha {"kind":"turnstile","page_url":"..."} (the agent had a captcha solved by the configured solver service).',
    }),
    ok: z.boolean().meta({ description: "true when the action worked." }),
    error: z.string().nullable().meta({ description: "Why the action failed or was not run; null when it worked." }),
  })
  .meta({ description: "One browser action the agent took in a step." });
export type StepAction = z.infer<typeof stepActionSchema>;

/** An action as stored: the worker has always written `error`, but an absent one means none. */
const storedActionSchema = stepActionSchema.extend({ error: z.string().nullable().default(null) });

/**
 * A step's actions in the API's form, from what the agent recorded or what a stored row holds.
 * `steps.action` is jsonb without a constraint, so older rows may hold null or another shape;
 * reading is tolerant so that one odd row never fails a run's steps, its live stream or a public
 * replay. Anything but a list is null (no actions known); in a list, an entry that is not a tool
 * action is left out: junk, or a call to a tool that does not exist, which never ran (the step's
 * error says so).
 */
export function toStepActions(value: unknown): StepAction[] | null {
  if (!Array.isArray(value)) return null;
  return value.flatMap((item) => {
    const parsed = storedActionSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}
