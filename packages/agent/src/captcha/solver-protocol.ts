import type { CaptchaRequest } from "../types/captcha.ts";

/** An HTTP answer from the solver service. */
export interface HttpReply {
  status: number;
  text: string;
}

/** How a protocol reaches the service; the client supplies it (fetch, abort signal, key scrubbing). */
export interface SolverTransport {
  readonly key: string;
  postJson(path: string, body: unknown): Promise<HttpReply>;
  postForm(path: string, fields: Record<string, string>): Promise<HttpReply>;
  /** Removes the key from text that came back from the service. */
  scrub(text: string): string;
}

export interface SolverAnswer {
  /** Token, or the text read from an image. */
  value: string;
  costUsd?: number;
}

/** One of the two shared APIs: submit a task, poll for its answer. */
export interface SolverProtocol {
  submit(transport: SolverTransport, request: CaptchaRequest): Promise<{ taskId: string; answer?: SolverAnswer }>;
  /** The answer, or undefined while the service is still working on it. */
  poll(transport: SolverTransport, taskId: string, request: CaptchaRequest): Promise<SolverAnswer | undefined>;
  balance(transport: SolverTransport): Promise<number>;
}

/** The service does not speak this protocol at this URL (tells "auto" to try the other one). */
export class ProtocolMismatch extends Error {}
