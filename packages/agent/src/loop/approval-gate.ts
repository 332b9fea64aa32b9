import { approvalTimeoutReason } from "@errand/contract";
import { resolveElement } from "../act/action-env.ts";
import type { ActionEnv } from "../act/action-env.ts";
import { classifyAction } from "../act/approval/classify-action.ts";
import { controlFacts } from "../act/approval/control-facts.ts";
import type { ApprovalGate } from "../act/execute-batch.ts";
import { abortableSleep } from "../lib/abortable-sleep.ts";
import type { Redactor } from "../safety/secrets/redact.ts";
import type { ToolCallRequest } from "../types/actions.ts";
import type { AgentApproval, ApprovalRequest } from "../types/approval.ts";
import type { ResolvedLimits } from "../types/agent.ts";
import type { RunControl } from "./run-control.ts";
import type { RunState } from "./run-context.ts";

/** The actions that can do something irreversible on a control: a click (a press of Enter submits through its form's button). */
const GATED = new Set(["click"]);

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
      text: `Not run: a person was asked to approve this click on ${request.element} and denied it. The person denied: ${note || "(no note)"}. Do not do it; go on another way or finish.`,
    };
  };
}

/** The request when the call needs approval, else null (a click the page cannot place is left to fail on its own). */
async function requestFor(
  env: ActionEnv,
  call: ToolCallRequest,
  approval: AgentApproval,
  redactor: Redactor,
): Promise<ApprovalRequest | null> {
  if (!GATED.has(call.name)) return null;
  const index = (call.input as { index?: unknown } | null)?.index;
  if (typeof index !== "number") return null;
  const element = await resolveElement(env, index).catch(() => null);
  const facts = element && (await controlFacts(element));
  const need = facts && classifyAction(facts, approval);
  if (!facts || !need) return null;
  const desc = env.observer.element(index)?.desc;
  const page = env.page();
  return {
    action: call.name,
    element: redactor.redact(desc ? `[${index}] ${desc}` : `${facts.tag} "${facts.words[0] ?? ""}"`).slice(0, 300),
    kind: need.kind,
    reason: redactor.redact(need.reason),
    url: page.url(),
    screenshot: await page.screenshot({ type: "jpeg", quality: 70, timeout: 5_000 }).catch(() => null),
  };
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
