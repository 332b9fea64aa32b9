import { isJudgeRequest, judgeTurn, sampleFromSchema, shopperTurn } from "@errand/testkit";
import type { ChatRequest, FakeTurn } from "@errand/testkit";

/**
 * The fake model's behaviour in e2e, chosen by a marker in the task's prompt:
 * - "[e2e:table]"  answers JSON with one key holding a list of rows (the results table)
 * - "[e2e:steps]"  opens the news fixture, scrolls twice (slowly, so steps arrive live), answers
 * - "[e2e:account]" opens the login fixture's account page and reports whether it is signed in
 * - "[e2e:human]"   opens the human-check page and waits until a person has pressed its button
 * - "[e2e:shop]"    shops on the replay shop from the page it is on (search, open, quantity, add, answer)
 * - "[e2e:files]"   puts the run's first upload into the expense form, sends it, downloads the price list
 * - "[e2e:hold]"    thinks for a minute before its first step (a run that stays running until cancelled,
 *                   with no browser work meanwhile)
 * - "[e2e:eval]"   an evaluation's case on the page it starts on, answered by the model's name: "e2e-strong"
 *                   reads the news front page's top story and names the shop's kettle price; any other
 *                   model misreads the story and gives up on the price (e2e/evaluations.spec.ts)
 * - "[e2e:captcha]" opens the Turnstile fixture (no solver here: the run asks for a person), then
 *                   finishes once a person has handed the browser back
 * - "[e2e:approval]" opens the invoice fixture and presses Pay now (a run with approval ["payment"] asks
 *                   first): paid, it says so; denied, it gives up with the person's note
 * - "[e2e:message]" waits a second a step until a person's message reaches it, then answers "As asked: "
 *                   and the message
 * - any other JSON task (a catalogue automation, say) is answered from done's schema alone, as a
 *   model that fills only the required arguments would: sample values where the schema asks
 * - anything else  answers "Done." at once
 * - the judge of a run with checks (docs/adr/0043-verified-results.md) says fail when the task has
 *   "[e2e:judge-fail]", fail the first time it judges a task line with "[e2e:judge-fail-once]" (its
 *   retry passes), else pass
 */
export function respond(req: ChatRequest, sitesUrl: string): FakeTurn {
  const all = req.messages.map((m) => m.text).join("\n");
  const assistantTurns = req.messages.filter((m) => m.role === "assistant").length;
  const done = (args: unknown, delayMs = 0): FakeTurn => ({ toolCalls: [{ name: "done", arguments: args }], delayMs });
  if (isJudgeRequest(req))
    return all.includes("[e2e:judge-fail]") || failsFirstTime(all)
      ? judgeTurn("fail", ["The answer names no customer from the page."], { prompt_tokens: 900, completion_tokens: 25 })
      : judgeTurn("pass", ["The answer lists the page's customers."], { prompt_tokens: 900, completion_tokens: 25 });
  if (all.includes("[e2e:table]")) {
    const rows = [
      { name: "Helios Energy", city: "Madrid", revenue: "$305,480" },
      { name: "Tundra Logistics", city: "Helsinki", revenue: "$23,750" },
      { name: 'Quote "Co", Ltd', city: "Denver", revenue: "$1,000" },
    ];
    return doneTakesData(req)
      ? done({ success: true, data: { customers: rows } })
      : done({ success: true, text: JSON.stringify({ customers: rows }) });
  }
  if (all.includes("[e2e:steps]")) {
    if (assistantTurns === 0) return { toolCalls: [{ name: "navigate", arguments: { url: `${sitesUrl}/news` } }], delayMs: 800 };
    if (assistantTurns < 3) return { toolCalls: [{ name: "scroll", arguments: { direction: "down" } }], delayMs: 800 };
    return done({ success: true, text: "The top story is 'Show FN: A tiny browser automation agent in 400 lines'." }, 500);
  }
  if (all.includes("[e2e:account]")) {
    if (assistantTurns === 0) return { toolCalls: [{ name: "navigate", arguments: { url: `${sitesUrl}/account` } }] };
    const page = lastUserText(req);
    return page.includes("Welcome back, Demo")
      ? done({ success: true, text: "Signed in: the account page says Welcome back, Demo." })
      : done({ success: false, text: "Not signed in: the site asked to log in." });
  }
  if (all.includes("[e2e:human]")) {
    if (assistantTurns === 0) return { toolCalls: [{ name: "navigate", arguments: { url: `${sitesUrl}/human-check` } }] };
    if (lastUserText(req).includes("Verified: a person pressed the button"))
      return done({ success: true, text: "A person verified the page." });
    return { toolCalls: [{ name: "wait", arguments: { seconds: 1 } }], delayMs: 300 };
  }
  if (all.includes("[e2e:shop]")) return shopperTurn(req);
  if (all.includes("[e2e:files]")) return filesTurn(req, sitesUrl);
  if (all.includes("[e2e:hold]")) return done({ success: true, text: "Held." }, 60_000);
  if (all.includes("[e2e:eval]")) return evaluationTurn(req, all);
  if (all.includes("[e2e:captcha]")) {
    if (assistantTurns === 0) return { toolCalls: [{ name: "navigate", arguments: { url: `${sitesUrl}/challenge-turnstile` } }] };
    if (lastUserText(req).includes("handed it back")) return done({ success: true, text: "A person took over and handed back." });
    return { toolCalls: [{ name: "wait", arguments: { seconds: 1 } }], delayMs: 300 };
  }
  if (all.includes("[e2e:approval]")) return approvalTurn(req, sitesUrl, assistantTurns);
  if (all.includes("[e2e:message]")) return messageTurn(all);
  if (doneTakesData(req)) return { toolCalls: [{ name: "done", arguments: sampleFromSchema(doneParameters(req)) }] };
  return done({ success: true, text: "Done." });
}

/** Task lines marked "[e2e:judge-fail-once]" the judge has already failed once (in this server). */
const judgedOnce = new Set<string>();

function failsFirstTime(all: string): boolean {
  const line = /\[e2e:judge-fail-once\][^\n]*/.exec(all)?.[0];
  if (!line || judgedOnce.has(line)) return false;
  judgedOnce.add(line);
  return true;
}

/** Two models that differ, so an evaluation's report has something to compare: the strong one reads more and gets it right. */
function evaluationTurn(req: ChatRequest, all: string): FakeTurn {
  const strong = req.model === "e2e-strong";
  const usage = strong ? { prompt_tokens: 1500, completion_tokens: 60 } : { prompt_tokens: 700, completion_tokens: 20 };
  const done = (args: unknown): FakeTurn => ({ toolCalls: [{ name: "done", arguments: args }], usage });
  if (all.includes("top story"))
    return done({
      success: true,
      text: strong ? "The top story is 'Show FN: A tiny browser automation agent in 400 lines'." : "The top story is about the weather.",
    });
  return strong
    ? done({ success: true, text: "The answer is on the page." })
    : done({ success: false, text: "I could not find it on the page." });
}

function filesTurn(req: ChatRequest, sitesUrl: string): FakeTurn {
  const page = lastUserText(req);
  const all = req.messages.map((m) => m.text).join("\n");
  const index = (label: RegExp) => Number(new RegExp(`\\[(\\d+)\\]<[^\\n]*?${label.source}`).exec(page)?.[1]);
  const act = (name: string, args: unknown): FakeTurn => ({ toolCalls: [{ name, arguments: args }], delayMs: 300 });
  if (page.includes("Expense claim") && !all.includes("is now chosen")) {
    const file = /Files you can upload: ([^(]+?) \(/.exec(all)?.[1] ?? "";
    return act("upload_file", { index: index(/type=file/), files: [file] });
  }
  if (page.includes("Expense claim")) return act("click", { index: index(/Send claim/) });
  if (page.includes("Claim received")) return act("navigate", { url: `${sitesUrl}/tools/files/downloads` });
  if (!all.includes("Downloaded price-list.csv")) return act("click", { index: index(/Download the price list/) });
  return { toolCalls: [{ name: "done", arguments: { success: true, text: "The claim was sent and the price list downloaded." } }] };
}

function lastUserText(req: ChatRequest): string {
  return req.messages.filter((m) => m.role === "user").at(-1)?.text ?? "";
}

function doneParameters(req: ChatRequest): Record<string, unknown> {
  return req.tools.find((t) => t.name === "done")?.parameters ?? {};
}

/** JSON tasks get a done tool with a `data` parameter. */
function doneTakesData(req: ChatRequest): boolean {
  const properties = doneParameters(req).properties as Record<string, unknown> | undefined;
  return Boolean(properties?.data);
}

/** "[e2e:message]": wait until the person's message comes (docs/adr/0049-messages-and-allowed-domains.md), then answer with it. */
function messageTurn(all: string): FakeTurn {
  const said = /Message from the person who gave you this task \(follow it as part of the task\): ([^\n"]*)/.exec(all)?.[1];
  if (said) return { toolCalls: [{ name: "done", arguments: { success: true, text: `As asked: ${said}` } }] };
  return { toolCalls: [{ name: "wait", arguments: { seconds: 1 } }], delayMs: 200 };
}

/** "[e2e:approval]": open the invoice, press Pay now, report (docs/adr/0048-approval-before-irreversible-actions.md). */
function approvalTurn(req: ChatRequest, sitesUrl: string, assistantTurns: number): FakeTurn {
  if (assistantTurns === 0) return { toolCalls: [{ name: "navigate", arguments: { url: `${sitesUrl}/approval/invoice` } }] };
  const denied = /The person denied: ([^."]*)/.exec(JSON.stringify(req.messages))?.[1];
  if (denied) return { toolCalls: [{ name: "done", arguments: { success: false, text: `Not paid: ${denied}` } }] };
  const page = lastUserText(req);
  if (page.includes("Payment received"))
    return { toolCalls: [{ name: "done", arguments: { success: true, text: "Invoice 1042 is paid." } }] };
  const index = /\[(\d+)\]<button[^>]*>Pay now/.exec(page)?.[1];
  return { toolCalls: [{ name: "click", arguments: { index: Number(index) } }] };
}
