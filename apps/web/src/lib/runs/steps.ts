/**
 * Steps of a run as the Steps list and the replay show them. Pure: unit-tested in node.
 */
import type { Step, StepAction } from "@errand/contract";

interface Numbered {
  id: string;
  number: number;
}

/** Adds or replaces steps by id and keeps them in step order (live steps may repeat or arrive late). */
export function mergeSteps<T extends Numbered>(current: readonly T[], incoming: readonly T[]): T[] {
  const byId = new Map<string, T>();
  for (const step of current) byId.set(step.id, step);
  for (const step of incoming) byId.set(step.id, step);
  return [...byId.values()].sort((a, b) => a.number - b.number);
}

const quote = (value: unknown, max = 60) => {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return `"${text.length > max ? `${text.slice(0, max - 1)}…` : text}"`;
};

/** A short human description: navigate https://..., click [12], type "hello" into [3], ... (every tool has one). */
export function describeAction(action: StepAction): string {
  const input = action.input;
  const at = input.index !== undefined ? ` [${String(input.index)}]` : "";
  switch (action.name) {
    case "navigate":
    case "open_tab":
      return `${action.name === "navigate" ? "Navigate to" : "Open tab"} ${String(input.url ?? "")}`.trim();
    case "click":
      return `Click element${at}`;
    case "type":
      return `Type ${quote(input.text ?? "")}${at ? ` into${at}` : ""}${input.press_enter ? " and press Enter" : ""}`;
    case "select_option":
      return `Select ${quote(input.option ?? "")}${at ? ` in${at}` : ""}`;
    case "hover":
      return `Hover element${at}`;
    case "drag":
      return `Drag element${at}${input.to_index !== undefined ? ` onto [${String(input.to_index)}]` : ` by ${String(input.dx ?? 0)},${String(input.dy ?? 0)} px`}`;
    case "select_text":
      return `Select ${input.text !== undefined ? quote(input.text) : "text"}${at ? ` in${at}` : ""}`;
    case "click_at":
    case "type_at":
      return `${action.name === "click_at" ? "Click" : `Type ${quote(input.text ?? "")}`} at ${String(input.x)},${String(input.y)}`;
    case "answer_dialog":
      return input.accept === true
        ? `Accept the next dialog${input.text !== undefined ? ` with ${quote(input.text)}` : ""}`
        : "Dismiss the next dialog";
    case "upload_file": {
      const names = Array.isArray(input.files) ? input.files.map(String) : [];
      return `Upload ${names.length ? names.map((name) => quote(name, 40)).join(", ") : "files"}${at ? ` into${at}` : ""}`;
    }
    case "scroll":
      return `Scroll ${String(input.direction ?? "down")}${at ? ` in${at}` : ""}`;
    case "press_keys":
      return `Press ${String(input.keys ?? "")}`.trim();
    case "go_back":
      return "Go back";
    case "switch_tab":
      return `Switch to tab ${String(input.tab ?? "")}`.trim();
    case "close_tab":
      return input.tab === undefined ? "Close tab" : `Close tab ${String(input.tab)}`;
    case "wait":
      return `Wait ${String(input.seconds ?? "")} s`;
    case "extract":
      return `Extract ${quote(input.question ?? "")}`;
    case "done":
      return input.success === false ? "Finish (could not complete)" : "Finish";
    case "ask_person":
      return `Ask a person to take control: ${quote(input.reason ?? "")}`;
    case "solve_captcha":
      return `Solve the ${String(input.kind ?? "captcha")} challenge with the captcha solver`;
  }
}

/** The line a step shows in a list: its extracted content, else its error, else its actions. */
export function stepSummary(step: Pick<Step, "extracted_content" | "error" | "action">): string {
  if (step.extracted_content?.trim()) return step.extracted_content.trim();
  if (step.error?.trim()) return step.error.trim();
  return step.action?.map(describeAction).join(", ") ?? "";
}

/** Step badge: Success, Failed, or none when unset (spec section 4). */
export function stepBadge(success: boolean | null): "Success" | "Failed" | null {
  if (success === true) return "Success";
  if (success === false) return "Failed";
  return null;
}
