import type { ChatRequest, FakeResponder, FakeTurn } from "@errand/testkit";

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
    const all = req.messages.map((m) => m.text).join("\n");
    const turns = req.messages.filter((m) => m.role === "assistant").length;
    const done = (args: unknown, delayMs = 0): FakeTurn => ({ toolCalls: [{ name: "done", arguments: args }], delayMs });
    if (all.includes("[sdk:steps]")) {
      if (turns === 0) return { toolCalls: [{ name: "navigate", arguments: { url: `${sitesUrl}/news` } }], delayMs: 400 };
      if (turns < 3) return { toolCalls: [{ name: "scroll", arguments: { direction: "down" } }], delayMs: 600 };
      return done({ success: true, text: "The news page was read." }, 400);
    }
    if (all.includes("[sdk:json]")) return done({ success: true, data: LAPTOP });
    if (all.includes("[sdk:fail]")) return done({ success: false, text: "There is no such page." });
    if (all.includes("[sdk:slow]")) return { toolCalls: [{ name: "wait", arguments: { seconds: 1 } }], delayMs: 300 };
    return done({ success: true, text: "Done." });
  };
}
