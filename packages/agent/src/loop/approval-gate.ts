import { approvalTimeoutReason } from "@errand/contract";
import { resolveElement } from "../act/action-env.ts";
import type { ActionEnv } from "../act/action-env.ts";
import { classifyAction } from "../act/approval/classify-action.ts";
import type { ControlFacts } from "../act/approval/classify-action.ts";
import { controlFacts, enterFacts } from "../act/approval/control-facts.ts";
import type { ApprovalGate } from "../act/execute-batch.ts";
import { abortableSleep } from "../lib/abortable-sleep.ts";
import type { Redactor } from "../safety/secrets/redact.ts";
import type { ToolCallRequest } from "../types/actions.ts";
import type { AgentApproval, ApprovalRequest } from "../types/approval.ts";
import type { ResolvedLimits } from "../types/agent.ts";
import type { RunControl } from "./run-control.ts";
import type { RunState } from "./run-context.ts";

/** A key of press_keys that is Enter, alone or with modifiers ("Enter", "Control+Enter", "NumpadEnter"). */
const ENTER_KEY = /(^|\+)(Numpad)?Enter$/i;

/**
 * Before each click, the approval check (docs/adr/0048-approval-before-irreversible-actions.md):
 * a click the task's policy names waits, its clock stopped like a person's hand-off, for a
 * person's answer. Approved: it runs. Denied: it does not, and the model reads the note.
 * Unanswered within the policy's time: the run ends approval_timeout. Replays pass through it too.
 */
export function createApprovalGate(
  approval: AgentApproval,
  run: { control: RunControl; state: RunState; limits: ResolvedLimits; redactor: Redactor },
): ApprovalGate {
  return async (env, call) => {
    const request = await requestFor(env, call, approval, run.redactor);
    if (!request) return null;
    await approval.ask(request);
    const reply = await waitForAnswer(approval, run);
    if (!reply) {
      return {
        go: false,
        text: "Not run: no one answered the request for approval in time.",
        finish: {
          status: "failed",
          result: null,
          reason: approvalTimeoutReason(request.element, Math.round(approval.waitMs / 1000)),
          failureKind: "approval_timeout",
        },
      };
    }
    const note = reply.note ? run.redactor.redact(reply.note) : "";
    if (reply.decision === "approve") return { go: true, text: ` A person approved it${note ? `: ${note}` : ""}.` };
    return {
      go: false,
      text: `Not run: a person was asked to approve ${doing(call.name, request.element)} and denied it. The person denied: ${note || "(no note)"}. Do not do it; go on another way or finish.`,
    };
  };
}

/**
 * The request when the call needs approval, else null (a control the page cannot place is left
 * to fail on its own). Judged: a click, and a press of Enter (`type` with press_enter, or Enter
 * in press_keys), which activates a button or submits a field's form like a click on its button.
 */
async function requestFor(
  env: ActionEnv,
  call: ToolCallRequest,
  approval: AgentApproval,
  redactor: Redactor,
): Promise<ApprovalRequest | null> {
  const judged = await judgedControl(env, call);
  if (!judged) return null;
  const { facts, index } = judged;
  const need = classifyAction(facts, approval);
  if (!need) return null;
  // A field Enter is pressed in is named by its label (the model's view of it may be a bare <input>).
  const desc = facts.enterIn ?? (index === null ? undefined : env.observer.element(index)?.desc);
  const at = index === null ? "" : `[${index}] `;
  const shown = desc ? `${at}${desc}` : `${facts.tag} "${facts.words[0] ?? ""}"`;
  const reason = facts.enterIn ? `${enterEffect(facts, facts.enterIn)} ${need.reason}` : need.reason;
  const page = env.page();
  return {
    action: call.name,
    element: redactor.redact(shown).slice(0, 300),
    kind: need.kind,
    reason: redactor.redact(reason),
    url: page.url(),
    screenshot: await page.screenshot({ type: "jpeg", quality: 70, timeout: 5_000 }).catch(() => null),
  };
}

/** The control a call would act on (and the element's index when it names one); null for calls that act on none. */
async function judgedControl(env: ActionEnv, call: ToolCallRequest): Promise<{ facts: ControlFacts; index: number | null } | null> {
  const input = (call.input ?? {}) as { index?: unknown; press_enter?: unknown; keys?: unknown };
  if (call.name === "press_keys") {
    const keys = typeof input.keys === "string" ? input.keys.trim().split(/\s+/) : [];
    // The focus as the call begins: keys before the Enter that move it (Tab) are not followed.
    if (!keys.some((k) => ENTER_KEY.test(k))) return null;
    const facts = await enterFacts(env.page());
    return facts && { facts, index: null };
  }
  const pressesEnter = call.name === "type" && input.press_enter === true;
  if (call.name !== "click" && !pressesEnter) return null;
  if (typeof input.index !== "number") return null;
  const element = await resolveElement(env, input.index).catch(() => null);
  const facts = element && (await (pressesEnter ? enterFacts(element) : controlFacts(element)));
  return facts && { facts, index: input.index };
}

/** What Enter in a field does, for the person: it presses a control, or submits a form that has no button. */
function enterEffect(facts: ControlFacts, field: string): string {
  if (facts.tag === "form") return `Pressing Enter in ${field} submits its form.`;
  return `Pressing Enter in ${field} presses "${facts.words[0] ?? facts.tag}".`;
}

/** The action in the model's words, for its tool result. */
function doing(action: string, element: string): string {
  if (action === "type") return `typing into ${element} and pressing Enter`;
  if (action === "press_keys") return `pressing Enter in ${element}`;
  return `this click on ${element}`;
}

/** Polls for the answer with the run's clock stopped; null when none came in time. A cancel ends the wait (and the run). */
async function waitForAnswer(approval: AgentApproval, run: { control: RunControl; state: RunState; limits: ResolvedLimits }) {
  const since = Date.now();
  run.control.hold();
  try {
    while (Date.now() - since < approval.waitMs) {
      const reply = await approval.answer().catch(() => null);
      if (reply) return reply;
      await abortableSleep(Math.min(run.limits.capPollMs, approval.waitMs - (Date.now() - since) + 1), run.control.signal);
    }
    return null;
  } finally {
    run.control.resume();
    run.state.pausedMs += Date.now() - since;
    await approval.close().catch(() => {});
  }
}
