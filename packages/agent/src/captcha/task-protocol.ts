import type { CaptchaRequest } from "../types/captcha.ts";
import { CaptchaSolveError, serviceError } from "./captcha-error.ts";
import { ProtocolMismatch } from "./solver-protocol.ts";
import type { HttpReply, SolverAnswer, SolverProtocol, SolverTransport } from "./solver-protocol.ts";

// The JSON API: POST /createTask {clientKey, task} -> {errorId, taskId}; POST /getTaskResult
// {clientKey, taskId} -> {status: "processing"} or {status: "ready", solution, cost}.

/** The task object for a request, in the services' shared vocabulary. */
export function taskFor(request: CaptchaRequest): Record<string, unknown> {
  if (request.kind === "image") return { type: "ImageToTextTask", body: request.imageBase64, case: true };
  const site = { websiteURL: request.pageUrl, websiteKey: request.siteKey };
  switch (request.kind) {
    case "recaptcha-v2":
      return { type: "RecaptchaV2TaskProxyless", ...site, ...(request.invisible ? { isInvisible: true } : {}) };
    case "recaptcha-v3":
      return { type: "RecaptchaV3TaskProxyless", ...site, pageAction: request.action ?? "verify", minScore: 0.7 };
    case "hcaptcha":
      return { type: "HCaptchaTaskProxyless", ...site };
    case "turnstile":
      return { type: "TurnstileTaskProxyless", ...site, ...(request.action ? { action: request.action } : {}) };
  }
}

/** The JSON object of a reply, or ProtocolMismatch when the URL does not serve this API. */
function parse(reply: HttpReply): Record<string, unknown> {
  let body: unknown;
  try {
    body = JSON.parse(reply.text);
  } catch {
    body = undefined;
  }
  if (typeof body !== "object" || body === null || !("errorId" in body)) {
    if (reply.status === 404 || reply.status === 405 || reply.status < 300)
      throw new ProtocolMismatch(`HTTP ${reply.status} without a JSON API answer`);
    throw new CaptchaSolveError("service", `the solver service answered HTTP ${reply.status}`);
  }
  return body as Record<string, unknown>;
}

function checked(reply: HttpReply, transport: SolverTransport): Record<string, unknown> {
  const body = parse(reply);
  if (body.errorId !== 0 && body.errorId !== "0") {
    const code = typeof body.errorCode === "string" ? body.errorCode : `errorId ${String(body.errorId)}`;
    throw serviceError(code, typeof body.errorDescription === "string" ? body.errorDescription : undefined, transport.scrub);
  }
  return body;
}

function answerOf(body: Record<string, unknown>, request: CaptchaRequest): SolverAnswer {
  const solution = (typeof body.solution === "object" && body.solution !== null ? body.solution : {}) as Record<string, unknown>;
  const candidates = request.kind === "image" ? [solution.text] : [solution.gRecaptchaResponse, solution.token, solution.text];
  const value = candidates.find((v): v is string => typeof v === "string" && v.length > 0);
  if (value === undefined) throw new CaptchaSolveError("protocol", "the solver service reported the task ready without an answer");
  const cost = Number(body.cost);
  return { value, costUsd: body.cost !== undefined && Number.isFinite(cost) ? cost : undefined };
}

export const taskProtocol: SolverProtocol = {
  async submit(transport, request) {
    const body = checked(await transport.postJson("/createTask", { clientKey: transport.key, task: taskFor(request) }), transport);
    const taskId = typeof body.taskId === "number" || typeof body.taskId === "string" ? String(body.taskId) : "";
    // Some services answer image tasks at once, in the createTask reply.
    if (body.status === "ready") return { taskId, answer: answerOf(body, request) };
    if (!taskId) throw new CaptchaSolveError("protocol", "the solver service accepted the task without a task id");
    return { taskId };
  },
  async poll(transport, taskId, request) {
    const body = checked(
      await transport.postJson("/getTaskResult", { clientKey: transport.key, taskId: /^\d+$/.test(taskId) ? Number(taskId) : taskId }),
      transport,
    );
    if (body.status === "ready") return answerOf(body, request);
    return undefined;
  },
  async balance(transport) {
    const body = checked(await transport.postJson("/getBalance", { clientKey: transport.key }), transport);
    return Number(body.balance);
  },
};
