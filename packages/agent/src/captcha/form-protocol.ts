import type { CaptchaRequest } from "../types/captcha.ts";
import { CaptchaSolveError, serviceError } from "./captcha-error.ts";
import { ProtocolMismatch } from "./solver-protocol.ts";
import type { HttpReply, SolverProtocol, SolverTransport } from "./solver-protocol.ts";

// The older form API: /in.php takes the captcha, /res.php?action=get gives the answer, both with
// json=1 answering {status: 1|0, request}. Fields are POSTed, so the key stays out of URLs.

/** The in.php fields for a request. */
export function formFieldsFor(request: CaptchaRequest): Record<string, string> {
  const pageurl = request.pageUrl;
  const siteKey = request.siteKey ?? "";
  switch (request.kind) {
    case "image":
      return { method: "base64", body: request.imageBase64 ?? "" };
    case "recaptcha-v2":
      return { method: "userrecaptcha", googlekey: siteKey, pageurl, ...(request.invisible ? { invisible: "1" } : {}) };
    case "recaptcha-v3":
      return { method: "userrecaptcha", version: "v3", googlekey: siteKey, pageurl, action: request.action ?? "verify", min_score: "0.7" };
    case "hcaptcha":
      return { method: "hcaptcha", sitekey: siteKey, pageurl };
    case "turnstile":
      return { method: "turnstile", sitekey: siteKey, pageurl, ...(request.action ? { action: request.action } : {}) };
  }
}

function parse(reply: HttpReply): { status: number; request: string } {
  let body: unknown;
  try {
    body = JSON.parse(reply.text);
  } catch {
    body = undefined;
  }
  if (typeof body !== "object" || body === null || !("status" in body) || !("request" in body)) {
    if (reply.status === 404 || reply.status === 405 || reply.status < 300)
      throw new ProtocolMismatch(`HTTP ${reply.status} without a form API answer`);
    throw new CaptchaSolveError("service", `the solver service answered HTTP ${reply.status}`);
  }
  const { status, request } = body as { status: unknown; request: unknown };
  return { status: Number(status), request: String(request) };
}

const post = async (transport: SolverTransport, path: string, fields: Record<string, string>) =>
  parse(await transport.postForm(path, { key: transport.key, json: "1", ...fields }));

export const formProtocol: SolverProtocol = {
  async submit(transport, request) {
    const reply = await post(transport, "/in.php", formFieldsFor(request));
    if (reply.status !== 1) throw serviceError(reply.request, undefined, transport.scrub);
    return { taskId: reply.request };
  },
  async poll(transport, taskId) {
    const reply = await post(transport, "/res.php", { action: "get", id: taskId });
    if (reply.status === 1) return { value: reply.request };
    if (reply.request === "CAPCHA_NOT_READY" || reply.request === "CAPTCHA_NOT_READY") return undefined;
    throw serviceError(reply.request, undefined, transport.scrub);
  },
  async balance(transport) {
    const reply = await post(transport, "/res.php", { action: "getbalance" });
    if (reply.status !== 1) throw serviceError(reply.request, undefined, transport.scrub);
    return Number(reply.request);
  },
};
