import { VERDICTS, type Verdict } from "@errand/contract";

export interface ParsedJudgeReply {
  verdict: Verdict;
  reasons: string[];
}

const REASONS_MAX = 5;
const REASON_MAX = 300;

/**
 * The judge's verdict and reasons from its reply: one JSON object, possibly wrapped in prose or a
 * code fence. Anything else is "unsure" with a reason saying the reply could not be read: a
 * judge that cannot be understood must not pass an answer, nor fail one.
 */
export function parseJudgeReply(text: string): ParsedJudgeReply {
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  const unreadable = (why: string): ParsedJudgeReply => ({ verdict: "unsure", reasons: [`The judge's reply could not be read: ${why}.`] });
  if (start === -1 || end < start) return unreadable("it holds no JSON object");
  let reply: unknown;
  try {
    reply = JSON.parse(text.slice(start, end + 1));
  } catch {
    return unreadable("its JSON does not parse");
  }
  if (typeof reply !== "object" || reply === null) return unreadable("it is not a JSON object");
  const { verdict, reasons } = reply as { verdict?: unknown; reasons?: unknown };
  const said = typeof verdict === "string" ? verdict.trim().toLowerCase() : "";
  if (!(VERDICTS as readonly string[]).includes(said)) return unreadable(`its verdict is not pass, fail or unsure`);
  const list = (Array.isArray(reasons) ? reasons : typeof reasons === "string" ? [reasons] : [])
    .filter((r): r is string => typeof r === "string" && r.trim() !== "")
    .slice(0, REASONS_MAX)
    .map((r) => r.trim().slice(0, REASON_MAX));
  return { verdict: said as Verdict, reasons: list };
}
