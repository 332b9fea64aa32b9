import { doneTurn, newsInSteps, readRequest, type ChatRequest, type FakeResponder, type FakeTurn } from "@errand/testkit";

/** The shop fixture's product the JSON scenario reports. */
export const LAPTOP = { name: "Aurora Laptop 14", price: 1299 };

/**
 * The fake model's behaviour in the SDK's tests, chosen by a marker in the prompt:
 * - "[sdk:steps]" opens the news fixture, scrolls twice (a little slowly, so steps arrive live), answers
 * - "[sdk:json]"  answers JSON data ({ name, price }) through done
 * - "[sdk:fail]"  gives up: done with success false
 * - "[sdk:slow]"  waits a second per step until the run is cancelled or times out
 * - anything else answers "Done." at once
 */
export function sdkResponder(sitesUrl: string): FakeResponder {
  return (req: ChatRequest): FakeTurn => {
    const { all, turns } = readRequest(req);
    if (all.includes("[sdk:steps]"))
      return newsInSteps(sitesUrl, turns, { text: "The news page was read.", stepMs: 400, scrollMs: 600, doneMs: 400 });
    if (all.includes("[sdk:json]")) return doneTurn({ success: true, data: LAPTOP });
    if (all.includes("[sdk:fail]")) return doneTurn({ success: false, text: "There is no such page." });
    if (all.includes("[sdk:slow]")) return { toolCalls: [{ name: "wait", arguments: { seconds: 1 } }], delayMs: 300 };
    return doneTurn({ success: true, text: "Done." });
  };
}
