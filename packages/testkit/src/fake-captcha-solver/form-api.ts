import { formatCost } from "./solver-engine.ts";
import type { SolverEngine } from "./solver-engine.ts";
import type { FakeCaptchaKind } from "./types.ts";

// The older form API: /in.php submits a captcha (GET query or urlencoded POST), /res.php asks for
// the answer. With json=1 both answer {status: 1|0, request}; without it, "OK|<value>" or the
// error code as plain text. "CAPCHA_NOT_READY" (sic) is the services' spelling.

export interface FormReply {
  status: number;
  contentType: string;
  body: string;
}

function reply(params: URLSearchParams, ok: boolean, request: string, extra: Record<string, string> = {}): FormReply {
  if (params.get("json") === "1") {
    return { status: 200, contentType: "application/json", body: JSON.stringify({ status: ok ? 1 : 0, request, ...extra }) };
  }
  return { status: 200, contentType: "text/plain; charset=utf-8", body: ok ? `OK|${request}` : request };
}

function methodKind(params: URLSearchParams): FakeCaptchaKind | undefined {
  switch (params.get("method")) {
    case "userrecaptcha":
      return params.get("version") === "v3" ? "recaptcha-v3" : "recaptcha-v2";
    case "hcaptcha":
      return "hcaptcha";
    case "turnstile":
      return "turnstile";
    case "base64":
      return "image";
    default:
      return undefined;
  }
}

export function handleFormApi(engine: SolverEngine, path: string, params: URLSearchParams): FormReply | undefined {
  if (path !== "/in.php" && path !== "/res.php") return undefined;
  const keyError = engine.checkKey(params.get("key"));
  if (keyError) return reply(params, false, keyError);

  if (path === "/in.php") {
    const kind = methodKind(params);
    if (kind === undefined) return reply(params, false, "ERROR_BAD_PARAMETERS");
    const siteKey = params.get(kind.startsWith("recaptcha") ? "googlekey" : "sitekey") || undefined;
    const pageUrl = params.get("pageurl") || undefined;
    if (kind === "image" && !params.get("body")) return reply(params, false, "ERROR_ZERO_CAPTCHA_FILESIZE");
    if (kind !== "image" && !siteKey) return reply(params, false, kind.startsWith("recaptcha") ? "ERROR_GOOGLEKEY" : "ERROR_SITEKEY");
    if (kind !== "image" && !pageUrl) return reply(params, false, "ERROR_PAGEURL");
    const created = engine.create({
      protocol: "form",
      kind,
      type: params.get("method") ?? "",
      websiteURL: pageUrl,
      websiteKey: siteKey,
      action: params.get("action") || undefined,
      body: params.get("body") ?? undefined,
    });
    if (typeof created === "string") return reply(params, false, created);
    return reply(params, true, created.id);
  }

  const action = params.get("action");
  if (action === "getbalance") return reply(params, true, formatCost(engine.settings.balanceUsd));
  if (action !== "get" && action !== "get2") return reply(params, false, "ERROR_WRONG_ACTION");
  const task = engine.poll(params.get("id") ?? "");
  if (task === "ERROR_NO_SUCH_CAPCHA_ID") return reply(params, false, "ERROR_WRONG_CAPTCHA_ID");
  if (typeof task === "string") return reply(params, false, task);
  if (task.status === "processing") return reply(params, false, "CAPCHA_NOT_READY");
  // get2 adds the price; plain get is the answer alone.
  return reply(params, true, task.answer ?? "", action === "get2" ? { price: formatCost(task.costUsd) } : {});
}
