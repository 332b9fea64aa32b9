import type { AgentToolName } from "@errand/contract";
import { jsonSchema, tool } from "ai";
import type { ToolSet } from "ai";
import { z } from "zod";
import { toStrictSchema } from "./strict-schema.ts";

/**
 * The agent's tools, as the model sees them. These names are the protocol between the model
 * and the harness (and what tests script the fake model with):
 *
 *   navigate      { url }                                  open a URL in the current tab
 *   click         { index }                                click element [index]; a suggestion click that put another in its field chooses the one clicked by keys
 *   type          { index, text, press_enter? }            clear field [index], type text, optionally press Enter
 *   select_option { index, option, add? }                  pick an option of a native <select> or custom dropdown;
 *                                                          add: add it to a multi-select's selection
 *   hover         { index }                                move the mouse over [index] (menus that open on hover)
 *   drag          { index, to_index } | { index, dx, dy }  press on [index], move the mouse in steps, release on
 *                                                          [to_index] or dx/dy CSS pixels away (lists, sliders, maps)
 *   select_text   { index?, text? }                        select the first `text` inside [index] (or the page);
 *                                                          all of [index] without text
 *   scroll        { direction, index?, pages? }            scroll the page, or element [index], up or down
 *   press_keys    { keys }                                 e.g. "Enter", "Escape", "Control+a", "Tab Tab"; Control+c/x/v
 *                                                          use the run's own clipboard (see text-actions.ts)
 *   click_at      { x, y }                                 click a point of the viewport (CSS pixels, as the screenshot)
 *   type_at       { x, y, text }                           click a point, then type text (what the focus receives)
 *   upload_file   { index, files }                         put attached files (by name) into file field [index], or the
 *                                                          field its "Choose file" button or label opens (runs with files)
 *   answer_dialog { accept, text? }                        how the next confirm/prompt is answered (default: dismissed)
 *   go_back       {}                                       browser back in the current tab
 *   open_tab      { url }                                  open a URL in a new tab and switch to it
 *   switch_tab    { tab }                                  switch to tab number `tab`
 *   close_tab     { tab? }                                 close a tab (default: the current one)
 *   wait          { seconds }                              wait up to 10 s for the page
 *   extract       { question }                             read the whole page (as markdown) and answer a question about it
 *   ask_person    { reason }                               hand the browser to a person (a challenge it cannot pass); the
 *                                                          loop waits for their hand-back (runs a person can take over)
 *   done          { success, text } (text tasks)           finish with the answer
 *                 { success, data, text? } (json tasks)    finish with JSON `data` (required) matching the task's schema
 *
 * The names come from the contract (AGENT_TOOL_NAMES): they are also the API's step action names.
 * solve_captcha is one of them but never offered: it names the agent's own captcha solves in a step.
 *
 * For OpenAI every tool is sent strict (see strict-schema.ts): optional arguments are nullable
 * there, and a null argument means "not given".
 */
export { AGENT_TOOL_NAMES as TOOL_NAMES, type AgentToolName as ToolName } from "@errand/contract";

const index = z.coerce.number().int().min(0);

export const actionSchemas = {
  navigate: z.object({ url: z.string().min(1) }),
  click: z.object({ index }),
  type: z.object({ index, text: z.string(), press_enter: z.boolean().optional() }),
  select_option: z.object({ index, option: z.string().min(1), add: z.boolean().optional() }),
  hover: z.object({ index }),
  drag: z.object({ index, to_index: index.optional(), dx: z.coerce.number().optional(), dy: z.coerce.number().optional() }),
  select_text: z.object({ index: index.optional(), text: z.string().min(1).optional() }),
  scroll: z.object({
    direction: z.enum(["down", "up"]),
    index: index.optional(),
    pages: z.coerce.number().min(0.1).max(10).optional(),
  }),
  press_keys: z.object({ keys: z.string().min(1) }),
  click_at: z.object({ x: z.coerce.number().min(0), y: z.coerce.number().min(0) }),
  type_at: z.object({ x: z.coerce.number().min(0), y: z.coerce.number().min(0), text: z.string() }),
  upload_file: z.object({ index, files: z.array(z.string().min(1)).min(1) }),
  answer_dialog: z.object({ accept: z.boolean(), text: z.string().optional() }),
  go_back: z.object({}),
  open_tab: z.object({ url: z.string().min(1) }),
  switch_tab: z.object({ tab: z.coerce.number().int().min(0) }),
  close_tab: z.object({ tab: z.coerce.number().int().min(0).optional() }),
  wait: z.object({ seconds: z.coerce.number().min(0).max(10) }),
  extract: z.object({ question: z.string().min(1) }),
} satisfies Record<Exclude<AgentToolName, LoopToolName>, z.ZodObject>; // every tool the loop does not handle itself, no other

/** Handled by the loop, not run as page actions: done, ask_person, and the loop's own solve_captcha. */
export type LoopToolName = "done" | "ask_person" | "solve_captcha";
/** Names in the contract's list that the model is never offered. */
export const NOT_OFFERED: ReadonlySet<string> = new Set(["solve_captcha"]);
/** ask_person's arguments (the loop checks them). */
export const askPersonSchema = z.object({ reason: z.string().trim().min(1).max(500) });

export type ActionName = keyof typeof actionSchemas;
export type ActionInput<N extends ActionName> = z.infer<(typeof actionSchemas)[N]>;

type JsonSchemaObject = Record<string, unknown>;
const INDEX = { type: "integer", description: "element index" };
const obj = (properties: JsonSchemaObject, required: string[] = Object.keys(properties), additional?: false): JsonSchemaObject => ({
  type: "object",
  properties,
  required,
  ...(additional === false ? { additionalProperties: false } : {}),
});

/**
 * What the model is shown: descriptions and hand-written JSON schemas, kept small because they
 * are sent with every call. Inputs are validated (and coerced) with `actionSchemas` when run.
 */
const toolSpecs: Record<ActionName, { description: string; parameters: JsonSchemaObject }> = {
  navigate: { description: "Open a URL in the current tab.", parameters: obj({ url: { type: "string" } }) },
  click: { description: "Click an element.", parameters: obj({ index: INDEX }) },
  type: {
    description: "Clear an input and type text into it.",
    parameters: obj({ index: INDEX, text: { type: "string" }, press_enter: { type: "boolean", description: "press Enter after" } }, [
      "index",
      "text",
    ]),
  },
  select_option: {
    description: "Choose an option of a dropdown, list box or autocomplete by its text.",
    parameters: obj({ index: INDEX, option: { type: "string" }, add: { type: "boolean", description: "multi-select: keep the others" } }, [
      "index",
      "option",
    ]),
  },
  hover: { description: "Move the mouse over an element (e.g. to open a hover menu).", parameters: obj({ index: INDEX }) },
  drag: {
    description: "Drag [index] onto [to_index], or by dx/dy pixels.",
    parameters: obj({ index: INDEX, to_index: { type: "integer" }, dx: { type: "number" }, dy: { type: "number" } }, ["index"]),
  },
  select_text: {
    description: "Select text in [index] or the page (then Control+c copies it).",
    parameters: obj({ index: INDEX, text: { type: "string", description: "default: all of [index]" } }, []),
  },
  scroll: {
    description: "Scroll the page, or the scrollable element [index].",
    parameters: obj(
      {
        direction: { type: "string", enum: ["down", "up"] },
        index: INDEX,
        pages: { type: "number", description: "viewport heights, default 1" },
      },
      ["direction"],
    ),
  },
  press_keys: {
    description: 'Press keys, space-separated: "Enter", "Escape", "Control+a Delete", "Control+v".',
    parameters: obj({ keys: { type: "string" } }),
  },
  click_at: {
    description: "Click at x,y of the screenshot (CSS pixels), e.g. on a canvas.",
    parameters: obj({ x: { type: "number" }, y: { type: "number" } }),
  },
  type_at: {
    description: "Click at x,y of the screenshot, then type text.",
    parameters: obj({ x: { type: "number" }, y: { type: "number" }, text: { type: "string" } }),
  },
  upload_file: {
    description: "Put attached files, by name, into file field [index] or the one its button opens.",
    parameters: obj({ index: INDEX, files: { type: "array", items: { type: "string" } } }),
  },
  answer_dialog: {
    description: "How to answer the next confirm/prompt (default: dismiss). Call before opening it.",
    parameters: obj({ accept: { type: "boolean" }, text: { type: "string", description: "prompt answer" } }, ["accept"]),
  },
  go_back: { description: "Go back to the previous page in this tab.", parameters: obj({}) },
  open_tab: { description: "Open a URL in a new tab and switch to it.", parameters: obj({ url: { type: "string" } }) },
  switch_tab: { description: "Switch to another tab.", parameters: obj({ tab: { type: "integer" } }) },
  close_tab: { description: "Close a tab (default: the current one).", parameters: obj({ tab: { type: "integer" } }, []) },
  wait: { description: "Wait for the page (max 10 s).", parameters: obj({ seconds: { type: "number" } }) },
  extract: {
    description: "Read the whole page, including what the state leaves out, and answer a question about it.",
    parameters: obj({ question: { type: "string" } }),
  },
};

/** A JSON schema usable as the `data` parameter of done: self-contained (no $ref) and an object. */
function usableDataSchema(schema: unknown): Record<string, unknown> | undefined {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return undefined;
  if (JSON.stringify(schema).includes('"$ref"')) return undefined;
  const rest: Record<string, unknown> = { ...(schema as Record<string, unknown>) };
  delete rest.$schema;
  delete rest.$id;
  return rest;
}

export interface AgentTools {
  tools: ToolSet;
  /** done's data in the task schema's shape again (a strict answer has nulls for left-out fields). */
  restoreData(value: unknown): unknown;
  /** The task's schema is done's data parameter; when false the task message must carry it. */
  schemaInTool: boolean;
}

const NOTE = "short note, e.g. why it failed";
/** Offered only when the model is sent screenshots (`vision`). */
export const SCREEN_POINT_TOOLS: ReadonlySet<string> = new Set(["click_at", "type_at"]);
/** Offered only when the run has files attached (`files`). */
export const FILE_TOOLS: ReadonlySet<string> = new Set(["upload_file"]);

/**
 * The tools for a run. With `strict` (OpenAI), every tool is sent with `strict: true` in the form
 * strict mode needs; a task schema strict mode cannot express keeps its own form, unstrict.
 * For JSON tasks done's `data` is required, so a model that fills only required arguments still
 * gives the answer.
 */
export function buildTools(opts: {
  responseFormat: "text" | "json";
  jsonSchema?: unknown;
  strict?: boolean;
  vision?: boolean;
  files?: boolean;
  /** A person can take the browser over (a live view): ask_person is offered. */
  person?: boolean;
}): AgentTools {
  const tools: ToolSet = {};
  const add = (name: string, description: string, parameters: JsonSchemaObject) => {
    const strict = opts.strict ? toStrictSchema(parameters) : null;
    tools[name] = strict
      ? tool({ description, inputSchema: jsonSchema<unknown>(strict.schema), strict: true })
      : tool({ description, inputSchema: jsonSchema<unknown>(parameters) });
  };
  for (const name of Object.keys(toolSpecs) as ActionName[]) {
    // Points of the screenshot mean nothing to a model that is sent no screenshot.
    if (opts.vision === false && SCREEN_POINT_TOOLS.has(name)) continue;
    // A run without attached files pays no tokens for a tool it cannot use.
    if (!opts.files && FILE_TOOLS.has(name)) continue;
    add(name, toolSpecs[name].description, toolSpecs[name].parameters);
  }
  if (opts.person) {
    add(
      "ask_person",
      "Ask a person to take over the browser for a check you cannot pass (a captcha); call it alone.",
      obj({ reason: { type: "string" } }),
    );
  }

  if (opts.responseFormat === "text") {
    add(
      "done",
      "Finish the task with the final answer. success=false if it cannot be done (say why in text). Call it alone.",
      obj({ success: { type: "boolean" }, text: { type: "string", description: "the complete answer" } }),
    );
    return { tools, restoreData: (value) => value, schemaInTool: false };
  }

  const usable = usableDataSchema(opts.jsonSchema);
  const description =
    "Finish the task. success=true with the complete answer in data, as JSON matching its schema; success=false if it cannot be done, with the reason in text. Call it alone.";
  const strictData = opts.strict && usable ? toStrictSchema(usable) : null;
  if (strictData) {
    const data = { anyOf: [strictData.schema, { type: "null" }], description: "The complete answer. null only when success is false." };
    const text = { type: ["string", "null"], description: NOTE };
    tools.done = tool({
      description,
      inputSchema: jsonSchema<unknown>(obj({ success: { type: "boolean" }, data, text }, ["success", "data", "text"], false)),
      strict: true,
    });
    return { tools, restoreData: strictData.restore, schemaInTool: true };
  }
  const data = usable
    ? { ...usable, description: typeof usable.description === "string" ? usable.description : "The complete answer (required)." }
    : { description: "The complete answer (required), as JSON matching the schema in the task." };
  tools.done = tool({
    description,
    inputSchema: jsonSchema<unknown>(
      obj({ success: { type: "boolean" }, data, text: { type: "string", description: NOTE } }, ["success", "data"]),
    ),
  });
  return { tools, restoreData: (value) => value, schemaInTool: usable !== undefined };
}
