import type { ElementTarget, RecordedStep, TypedValue } from "@errand/contract";
import { resolveElement } from "../act/action-env.ts";
import type { ActionRecorder } from "../act/execute-batch.ts";
import { describeTarget } from "./locate.ts";
import { templateUrl, type Parameters } from "./parameters.ts";

/** Actions that change nothing on the page (the model reads, or finishes): not replayed. */
const NOT_RECORDED = new Set(["extract", "done"]);
/** upload_file keeps its file names: a replay uploads the run's files of the same names, and misses without them. */
const ELEMENT_ACTIONS = new Set(["click", "type", "select_option", "hover", "scroll", "drag", "select_text", "upload_file"]);
/** Actions whose `text` is typed into the page: kept as a parameter, a secret or a literal (`value`). */
const TYPING_ACTIONS = new Set(["type", "type_at"]);

/**
 * Writes down what a run does, action by action, in a form a replay can repeat without the
 * model: each element as a ladder of locators (taken before the action, while the element is
 * there), typed text as the task's own words, a secret, or a literal, and the address after.
 */
export interface Recorder extends ActionRecorder {
  /** The model's stated goal for the actions of the step about to run. */
  beginStep(intent: string): void;
  /** A step carried over as it was (replayed), or a replacement made by a repair. */
  push(step: Omit<RecordedStep, "number">): void;
  steps(): RecordedStep[];
  /**
   * Where the page really was after the last recorded step: where the next one starts, or where
   * the run ended. A navigation the action started may not have committed when it was recorded.
   */
  correctLast(url: string): void;
  /** The parameters met so far (typed words of the task). */
  parameters(): { name: string; value: string }[];
  /** Steps recorded so far (to tell which ones a repair added). */
  count(): number;
  /** The steps from `from` on redo a recorded step for the `repairs`th time: twice makes them volatile. */
  markRepaired(from: number, repairs: number): void;
}

export function createRecorder(opts: { parameters: Parameters; isSecret(text: string): boolean }): Recorder {
  const steps: Omit<RecordedStep, "number">[] = [];
  /** The address each recorded step started from (null: carried over from a replay, already right). */
  const startedAt: (string | null)[] = [];
  let intent = "";
  const correctLast = (url: string) => {
    const last = steps.at(-1);
    const from = startedAt.at(-1);
    if (!last || from === null || from === undefined) return;
    last.expect = { url: templateUrl(url, opts.parameters), url_changed: url !== from };
  };

  const typedValue = (text: string): TypedValue => {
    if (opts.isSecret(text)) return { kind: "secret" };
    const parameter = opts.parameters.nameOf(text);
    return parameter ? { kind: "parameter", name: parameter } : { kind: "literal", text };
  };

  return {
    beginStep(text) {
      intent = text.trim().slice(0, 300);
    },
    async before(env, name, rawInput) {
      if (NOT_RECORDED.has(name)) return null;
      correctLast(env.page().url());
      const input = rawInput && typeof rawInput === "object" ? { ...(rawInput as Record<string, unknown>) } : {};
      // An element that cannot be found again is recorded without locators: replaying it misses.
      const ladder = async (index: number): Promise<ElementTarget> => {
        const desc = env.observer.element(index)?.desc ?? "";
        const element = await resolveElement(env, index).catch(() => null);
        return (
          (element ? await describeTarget(element, desc).catch(() => null) : null) ?? { locators: [], frame_path: [], description: desc }
        );
      };
      const target = ELEMENT_ACTIONS.has(name) && typeof input.index === "number" ? await ladder(input.index) : null;
      // A drag's drop target is found again the same way.
      if (name === "drag" && typeof input.to_index === "number") {
        input.to = await ladder(input.to_index);
        delete input.to_index;
      }
      return { name, input, target, urlBefore: env.page().url() };
    },
    after(pending, ok, urlAfter) {
      if (!pending || !ok) return;
      const { index: _index, text, url, ...rest } = pending.input;
      const typing = TYPING_ACTIONS.has(pending.name) && typeof text === "string";
      const value = typing ? typedValue(text) : null;
      const input: Record<string, unknown> = { ...rest };
      if (!typing && text !== undefined) input.text = text;
      if (typeof url === "string") input.url = templateUrl(url, opts.parameters);
      steps.push({
        intent: intent || `${pending.name} ${pending.target?.description ?? ""}`.trim(),
        action: pending.name as RecordedStep["action"],
        input,
        target: pending.target,
        value,
        expect: { url: templateUrl(urlAfter, opts.parameters), url_changed: urlAfter !== pending.urlBefore },
        repairs: 0,
        volatile: false,
      });
      startedAt.push(pending.urlBefore);
    },
    push(step) {
      steps.push(step);
      startedAt.push(null);
    },
    correctLast,
    steps: () => steps.map((step, i) => ({ number: i + 1, ...step })),
    count: () => steps.length,
    parameters: () => opts.parameters.list(),
    markRepaired(from, repairs) {
      for (const step of steps.slice(from)) {
        step.repairs = repairs;
        step.volatile = repairs >= 2;
      }
    },
  };
}
