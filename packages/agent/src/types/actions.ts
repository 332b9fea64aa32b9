import type { FailureKind } from "@errand/contract";

/** A tool call as the model made it; `invalid` holds why it could not be parsed. */
export interface ToolCallRequest {
  id: string;
  name: string;
  input: unknown;
  invalid?: string;
}

/** One action of a step as people see it (the run's step record). */
export interface ActionRecord {
  name: string;
  input: unknown;
  ok: boolean;
  error?: string;
  extractedContent?: string;
}

/**
 * What stood in an action's way, when it says why a run that then fails did not succeed
 * (loop/failure-cause.ts): the kinds an action can find out by itself.
 */
export type Obstacle = Extract<FailureKind, "navigation_blocked" | "element_not_found" | "site_unreachable">;

/** A failure the model can act on; its message goes back as the tool result. */
export class ActionError extends Error {
  readonly obstacle: Obstacle | undefined;
  constructor(message: string, obstacle?: Obstacle) {
    super(message);
    this.name = "ActionError";
    this.obstacle = obstacle;
  }
}
