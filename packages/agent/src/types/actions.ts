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

/** A failure the model can act on; its message goes back as the tool result. */
export class ActionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ActionError";
  }
}
