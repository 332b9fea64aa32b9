/**
 * The hero's typing animation (spec sections 2 and 9), as pure steps so it is unit-tested
 * without a DOM: type 50 ms per character, hold the whole prompt 2 s, show nothing for 1 s,
 * then type the next prompt; after the last prompt it starts again with the first.
 */
export const TYPING_TIMING = { charMs: 50, pauseMs: 2000, gapMs: 1000 } as const;

/** Five sample prompts: shopping reviews, company contacts, tech news, flight prices, brand mentions. */
export const SAMPLE_PROMPTS: readonly string[] = [
  "Collect the 20 latest reviews of the Sony WH-1000XM5 on Amazon and Best Buy, with rating, date and text.",
  "Find the sales email, phone number and office address on the Acme Robotics company website.",
  "Summarise today's top 10 tech news stories from Hacker News in one sentence each.",
  "Compare round-trip flight prices from New York to Lisbon for June 12-19 on Google Flights.",
  "List this week's posts on X that mention Notion and mark each as positive, neutral or negative.",
];

/** Typing `index` with `chars` characters shown, or the empty gap after prompt `index`. */
export type TypingState = { phase: "typing"; index: number; chars: number } | { phase: "gap"; index: number };

export const INITIAL_TYPING_STATE: TypingState = { phase: "typing", index: 0, chars: 0 };

function promptAt(prompts: readonly string[], index: number): string {
  return prompts[index] ?? "";
}

/** The text the overlay shows in this state. */
export function typingText(state: TypingState, prompts: readonly string[]): string {
  return state.phase === "gap" ? "" : promptAt(prompts, state.index).slice(0, state.chars);
}

/** How long this state stays on screen before the next step. */
export function typingDelay(state: TypingState, prompts: readonly string[]): number {
  if (state.phase === "gap") return TYPING_TIMING.gapMs;
  return state.chars >= promptAt(prompts, state.index).length ? TYPING_TIMING.pauseMs : TYPING_TIMING.charMs;
}

/** The state after this one; it loops forever over the prompts. */
export function nextTypingState(state: TypingState, prompts: readonly string[]): TypingState {
  if (prompts.length === 0) return INITIAL_TYPING_STATE;
  if (state.phase === "gap") return { phase: "typing", index: (state.index + 1) % prompts.length, chars: 1 };
  if (state.chars >= promptAt(prompts, state.index).length) return { phase: "gap", index: state.index };
  return { phase: "typing", index: state.index, chars: state.chars + 1 };
}
