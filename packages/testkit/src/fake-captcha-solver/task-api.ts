import { formatCost } from "./solver-engine.ts";
import type { EngineError, SolverEngine } from "./solver-engine.ts";
import type { FakeCaptchaKind, FakeCaptchaTask } from "./types.ts";

// The JSON API the solver services share: POST /createTask, /getTaskResult, /getBalance with a
// JSON body carrying clientKey; every answer has errorId (0 = fine) and, on error, errorCode and
// errorDescription.

const DESCRIPTIONS: Record<string, string> = {
  ERROR_KEY_DOES_NOT_EXIST: "Account authorization key not found in the system",
  ERROR_ZERO_BALANCE: "Account has zero or negative balance",
  ERROR_CAPTCHA_UNSOLVABLE: "Workers could not solve the captcha",
  ERROR_NO_SUCH_CAPCHA_ID: "Task you are requesting does not exist in your current task list or has been expired",
  ERROR_TASK_NOT_SUPPORTED: "Task type is not supported or inproperly printed",
  ERROR_INVALID_TASK_DATA: "Task data is missing or invalid",
  ERROR_BAD_REQUEST: "The request body is not a JSON object",
};

/** Task type names (lowercase, proxy variants folded) to the kind of widget they solve. */
const TASK_TYPES: Record<string, FakeCaptchaKind> = {
  recaptchav2task: "recaptcha-v2",
  nocaptchatask: "recaptcha-v2",
  recaptchav2enterprisetask: "recaptcha-v2",
  recaptchav3task: "recaptcha-v3",
  recaptchav3enterprisetask: "recaptcha-v3",
  hcaptchatask: "hcaptcha",
  turnstiletask: "turnstile",
  antiturnstiletask: "turnstile",
  imagetotexttask: "image",
};

export const kindOfTaskType = (type: string): FakeCaptchaKind | undefined => TASK_TYPES[type.toLowerCase().replace(/proxyless$/, "")];

export interface JsonReply {
  status: number;
  body: unknown;
}

function error(code: string, key?: unknown): JsonReply {
  // Like some real services, a rejected key is echoed back: clients must not pass it on.
  const description = code === "ERROR_KEY_DOES_NOT_EXIST" && typeof key === "string" ? `${DESCRIPTIONS[code]}: ${key}` : DESCRIPTIONS[code];
  return { status: 200, body: { errorId: 1, errorCode: code, errorDescription: description ?? code } };
}

const isError = (value: FakeCaptchaTask | EngineError): value is EngineError => typeof value === "string";

export function handleTaskApi(engine: SolverEngine, path: string, raw: string): JsonReply | undefined {
  if (path !== "/createTask" && path !== "/getTaskResult" && path !== "/getBalance") return undefined;
  let body: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return error("ERROR_BAD_REQUEST");
    body = parsed as Record<string, unknown>;
  } catch {
    return error("ERROR_BAD_REQUEST");
  }
  const keyError = engine.checkKey(body.clientKey);
  if (keyError) return error(keyError, body.clientKey);

  if (path === "/getBalance") return { status: 200, body: { errorId: 0, balance: engine.settings.balanceUsd } };
  if (path === "/createTask") return createTask(engine, body.task);

  const task = engine.poll(String(body.taskId ?? ""));
  if (isError(task)) return error(task);
  if (task.status === "processing") return { status: 200, body: { errorId: 0, status: "processing" } };
  const now = Math.floor(Date.now() / 1000);
  return {
    status: 200,
    body: {
      errorId: 0,
      status: "ready",
      solution: solutionOf(task),
      cost: formatCost(task.costUsd),
      ip: "127.0.0.1",
      createTime: Math.floor(task.createdAt / 1000),
      endTime: now,
      solveCount: 1,
    },
  };
}

function createTask(engine: SolverEngine, raw: unknown): JsonReply {
  if (typeof raw !== "object" || raw === null) return error("ERROR_INVALID_TASK_DATA");
  const task = raw as Record<string, unknown>;
  const type = typeof task.type === "string" ? task.type : "";
  const kind = kindOfTaskType(type);
  if (kind === undefined) return error("ERROR_TASK_NOT_SUPPORTED");
  const str = (v: unknown) => (typeof v === "string" && v ? v : undefined);
  if (kind === "image" ? !str(task.body) : !str(task.websiteURL) || !str(task.websiteKey)) return error("ERROR_INVALID_TASK_DATA");
  const created = engine.create({
    protocol: "task",
    kind,
    type,
    websiteURL: str(task.websiteURL),
    websiteKey: str(task.websiteKey),
    action: str(task.pageAction) ?? str(task.action),
    body: str(task.body),
  });
  if (isError(created)) return error(created);
  return { status: 200, body: { errorId: 0, taskId: Number(created.id) } };
}

function solutionOf(task: FakeCaptchaTask): Record<string, string> {
  const answer = task.answer ?? "";
  if (task.kind === "image") return { text: answer };
  if (task.kind === "turnstile") return { token: answer, userAgent: "Mozilla/5.0 (X11; Linux x86_64) fake-solver" };
  // reCAPTCHA and hCaptcha answers come as gRecaptchaResponse (hCaptcha accepts it in that field too).
  return { gRecaptchaResponse: answer };
}
