import type { FailureKind } from "@errand/contract";
import type { Page } from "playwright-core";
import type { CallResult } from "../act/execute-batch.ts";
import type { Finish } from "../types/result.ts";
import type { RunState } from "./run-context.ts";

/**
 * Keeps what stood in the way of the step's actions (a refused navigation, a missing element,
 * a site that could not be reached). A step whose actions all worked clears it: what came
 * before did not stop the run. A step of done or ask_person alone changes nothing.
 */
export function noteObstacle(state: RunState, results: CallResult[]) {
  const acted = results.filter((r) => r.ran && r.name !== "done" && r.name !== "ask_person");
  const found = acted.findLast((r) => r.obstacle)?.obstacle;
  if (found) state.obstacle = found;
  else if (acted.length > 0 && acted.every((r) => r.record.ok)) state.obstacle = null;
}

/** Ends the agent decides itself (it gave up, or it went round in circles): their cause may be known better. */
const VAGUE: ReadonlySet<FailureKind | null> = new Set(["agent_gave_up", "agent_stuck"]);

/**
 * The kind a failed run is put down to, where the agent's own verdict is vague: a page that asks
 * for a password is a login the run did not have (no saved login, or one the site rejected or
 * let expire); else what stood in the way of its last failing steps; else the agent's verdict.
 */
export async function explainFailure(finish: Finish, state: RunState, page: Page): Promise<Finish> {
  if (!VAGUE.has(finish.failureKind)) return finish;
  if (await asksForPassword(page)) return { ...finish, failureKind: "login_required" };
  return state.obstacle ? { ...finish, failureKind: state.obstacle } : finish;
}

/** A visible password field in the page (its frames not counted: a login wall is the page itself). */
async function asksForPassword(page: Page): Promise<boolean> {
  if (page.isClosed()) return false;
  const fields = await page
    .locator("input[type=password]:visible")
    .count()
    .catch(() => 0);
  return fields > 0;
}
