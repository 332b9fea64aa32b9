import { abortableSleep } from "../lib/abortable-sleep.ts";
import type { CaptchaRequest, CaptchaSolution, CaptchaSolver, CaptchaSolverProtocol } from "../types/captcha.ts";
import { CaptchaSolveError } from "./captcha-error.ts";
import { formProtocol } from "./form-protocol.ts";
import { ProtocolMismatch } from "./solver-protocol.ts";
import type { HttpReply, SolverAnswer, SolverProtocol, SolverTransport } from "./solver-protocol.ts";
import { taskProtocol } from "./task-protocol.ts";

export interface CaptchaSolverOptions {
  /** Base URL of the service (any compatible one: both APIs hang off the same base). */
  url: string;
  /** The account key. It is sent to the service and nowhere else. */
  key: string;
  /** "task" (createTask/getTaskResult), "form" (in.php/res.php), or "auto" (task, falling back to form). Default "auto". */
  protocol?: CaptchaSolverProtocol;
  /** Give up on one solve after this long. Default 120 s. */
  timeoutMs?: number;
  /** First wait before asking for the answer, and the longest wait between asks (it grows by half each time). Default 3 s and 5 s. */
  pollMs?: { first: number; max: number };
  fetch?: typeof fetch;
}

const PROTOCOLS: Record<"task" | "form", SolverProtocol> = { task: taskProtocol, form: formProtocol };

/** A client for the captcha solving services' shared protocols. */
export function createCaptchaSolver(options: CaptchaSolverOptions): CaptchaSolver {
  const service = solverService(options);
  const timeoutMs = options.timeoutMs ?? 120_000;
  const pollMs = options.pollMs ?? { first: 3000, max: 5000 };
  let protocol: CaptchaSolverProtocol = options.protocol ?? "auto";

  /** Runs `work` with the protocol in force, settling "auto" on the first answer. */
  async function withProtocol<T>(work: (p: SolverProtocol) => Promise<T>): Promise<T> {
    const order: ("task" | "form")[] = protocol === "auto" ? ["task", "form"] : [protocol];
    for (const name of order) {
      try {
        const result = await work(PROTOCOLS[name]);
        protocol = name;
        return result;
      } catch (error) {
        if (!(error instanceof ProtocolMismatch)) {
          if (error instanceof CaptchaSolveError && error.code !== "network") protocol = name;
          throw error;
        }
      }
    }
    const api = protocol === "form" ? "in.php/res.php" : protocol === "task" ? "createTask" : "createTask or in.php";
    throw new CaptchaSolveError("protocol", `the solver service at ${service.host} does not answer the ${api} API`);
  }

  const run = <T>(signal: AbortSignal | undefined, work: (t: SolverTransport, stop: AbortSignal) => Promise<T>) =>
    withDeadline(timeoutMs, signal, (stop) => work(transport(service, stop), stop));

  return {
    get protocol() {
      return protocol;
    },
    async solve(request: CaptchaRequest, signal?: AbortSignal): Promise<CaptchaSolution> {
      if (request.kind === "image" ? !request.imageBase64 : !request.siteKey) {
        throw new CaptchaSolveError(
          "unsupported",
          request.kind === "image" ? "the captcha image could not be read" : "the challenge has no site key",
        );
      }
      const started = Date.now();
      return run(signal, async (t, stop) => {
        const submitted = await withProtocol((p) => p.submit(t, request).then((r) => ({ ...r, p })));
        let answer: SolverAnswer | undefined = submitted.answer;
        let wait = pollMs.first;
        while (answer === undefined) {
          await abortableSleep(wait, stop);
          wait = Math.min(pollMs.max, Math.round(wait * 1.5));
          answer = await submitted.p.poll(t, submitted.taskId, request);
        }
        const common = { costUsd: answer.costUsd, ms: Date.now() - started, taskId: submitted.taskId };
        return request.kind === "image" ? { text: answer.value, ...common } : { token: answer.value, ...common };
      });
    },
    balance(signal?: AbortSignal): Promise<number> {
      return run(signal, (t) => withProtocol((p) => p.balance(t)));
    },
  };
}

/** Where the service is, how to reach it, and its key (scrubbed from any text that might carry it). */
interface SolverService {
  base: URL;
  host: string;
  basePath: string;
  doFetch: typeof fetch;
  key: string;
  scrub(text: string): string;
}

function solverService(options: CaptchaSolverOptions): SolverService {
  const base = new URL(options.url);
  const key = options.key;
  return {
    base,
    host: base.host,
    basePath: base.pathname.replace(/\/+$/, ""),
    doFetch: options.fetch ?? fetch,
    key,
    scrub: (text) => (key ? text.split(key).join("[key]").split(encodeURIComponent(key)).join("[key]") : text),
  };
}

/** POSTs to the service, aborted by `signal`; a failure names only the host (its text may carry the URL or the body). */
function transport(service: SolverService, signal: AbortSignal): SolverTransport {
  const send = async (path: string, body: string, contentType: string): Promise<HttpReply> => {
    let response: Response;
    try {
      response = await service.doFetch(new URL(service.basePath + path, service.base.origin), {
        method: "POST",
        headers: { "content-type": contentType, accept: "application/json" },
        body,
        signal,
      });
      return { status: response.status, text: await response.text() };
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      throw new CaptchaSolveError(
        "network",
        `could not reach the solver service at ${service.host}${error instanceof Error && "cause" in error ? codeOf(error.cause) : ""}`,
      );
    }
  };
  return {
    key: service.key,
    scrub: service.scrub,
    postJson: (path, body) => send(path, JSON.stringify(body), "application/json"),
    postForm: (path, fields) => send(path, new URLSearchParams(fields).toString(), "application/x-www-form-urlencoded"),
  };
}

/** Runs `work` until `timeoutMs` or the caller's signal; either ending is a CaptchaSolveError that says which. */
async function withDeadline<T>(timeoutMs: number, signal: AbortSignal | undefined, work: (stop: AbortSignal) => Promise<T>): Promise<T> {
  const deadline = AbortSignal.timeout(timeoutMs);
  const stop = signal ? AbortSignal.any([signal, deadline]) : deadline;
  try {
    return await work(stop);
  } catch (error) {
    if (signal?.aborted) throw new CaptchaSolveError("aborted", "the solve was cancelled");
    if (deadline.aborted)
      throw new CaptchaSolveError(
        "timeout",
        `no answer from the solver service within ${timeoutMs < 10_000 ? (timeoutMs / 1000).toFixed(1) : Math.round(timeoutMs / 1000)} s`,
      );
    throw error;
  }
}

/** " (ECONNREFUSED)" from a fetch failure's cause, or "". */
function codeOf(cause: unknown): string {
  const code = typeof cause === "object" && cause !== null && "code" in cause ? String((cause as { code: unknown }).code) : "";
  return /^[A-Z_]{3,32}$/.test(code) ? ` (${code})` : "";
}
