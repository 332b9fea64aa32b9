import { doneTurn, newsInSteps, readRequest, sampleFromSchema, type ChatRequest, type FakeResponder, type FakeTurn } from "@errand/testkit";

/** The stories the "[mcp:json]" task answers with. */
export const JSON_STORIES = {
  stories: [
    { title: "Show FN: A tiny browser automation agent", points: 412 },
    { title: "Ask FN: Postgres everywhere?", points: 97 },
  ],
};
export const STEPS_ANSWER = "The top story is 'Show FN: A tiny browser automation agent in 400 lines'.";

/**
 * The fake model's behaviour in the MCP tests, chosen by a marker in the prompt:
 * - "[mcp:steps]" opens the news fixture, scrolls twice (three steps, each a little apart), answers
 * - "[mcp:json]"  answers JSON_STORIES at once (a JSON task)
 * - "[mcp:slow]"  waits a second at a time, forever (until the run is cancelled or times out)
 * - "[mcp:files]" puts the run's first file into the expense form's file field, sends it, then
 *                 downloads the price list
 * - any other JSON task (a catalogue automation) is answered from done's schema alone
 * - anything else answers "Done." at once
 */
export function mcpResponder(sitesUrl: string): FakeResponder {
  return (req) => {
    const { all, turns } = readRequest(req);
    if (all.includes("[mcp:steps]")) return newsInSteps(sitesUrl, turns, { text: STEPS_ANSWER, stepMs: 300, scrollMs: 300, doneMs: 200 });
    if (all.includes("[mcp:json]"))
      return takesData(req)
        ? doneTurn({ success: true, data: JSON_STORIES })
        : doneTurn({ success: true, text: JSON.stringify(JSON_STORIES) });
    if (all.includes("[mcp:files]")) return filesTurn(req, all, sitesUrl);
    if (all.includes("[mcp:slow]")) return { toolCalls: [{ name: "wait", arguments: { seconds: 1 } }], delayMs: 200 };
    if (takesData(req)) return { toolCalls: [{ name: "done", arguments: sampleFromSchema(doneParameters(req)) }] };
    return doneTurn({ success: true, text: "Done." });
  };
}

function filesTurn(req: ChatRequest, all: string, sitesUrl: string): FakeTurn {
  const page = req.messages.filter((m) => m.role === "user").at(-1)?.text ?? "";
  const index = (label: RegExp) => Number(new RegExp(`\\[(\\d+)\\]<[^\\n]*?${label.source}`).exec(page)?.[1]);
  const act = (name: string, args: unknown): FakeTurn => ({ toolCalls: [{ name, arguments: args }] });
  if (page.includes("Expense claim") && !all.includes("is now chosen")) {
    return act("upload_file", { index: index(/type=file/), files: [/Files you can upload: ([^(]+?) \(/.exec(all)?.[1] ?? ""] });
  }
  if (page.includes("Expense claim")) return act("click", { index: index(/Send claim/) });
  if (page.includes("Claim received")) return act("navigate", { url: `${sitesUrl}/tools/files/downloads` });
  if (!all.includes("Downloaded price-list.csv")) return act("click", { index: index(/Download the price list/) });
  return act("done", { success: true, text: "Sent, and the price list is downloaded." });
}

function doneParameters(req: ChatRequest): Record<string, unknown> {
  return req.tools.find((t) => t.name === "done")?.parameters ?? {};
}

/** JSON tasks get a done tool with a `data` parameter. */
function takesData(req: ChatRequest): boolean {
  return Boolean((doneParameters(req).properties as Record<string, unknown> | undefined)?.data);
}

export { expectAbortCancelsRun, expectLeavingCancelsRun, toolTexts } from "./mcp-clients.ts";
