import { describe, expect, it } from "vitest";
import {
  INITIAL_TYPING_STATE,
  SAMPLE_PROMPTS,
  TYPING_TIMING,
  nextTypingState,
  typingDelay,
  typingText,
  type TypingState,
} from "./typing-animation";

const PROMPTS = ["ab", "xyz"];

/** Every state of `count` steps from the start, with the delay it stays on screen. */
function run(count: number, prompts: readonly string[] = PROMPTS) {
  const frames: { text: string; delay: number; state: TypingState }[] = [];
  let state = INITIAL_TYPING_STATE;
  for (let i = 0; i < count; i += 1) {
    frames.push({ text: typingText(state, prompts), delay: typingDelay(state, prompts), state });
    state = nextTypingState(state, prompts);
  }
  return frames;
}

describe("typing animation", () => {
  it("uses the timing of the spec: 50 ms per character, 2 s pause, 1 s gap", () => {
    expect(TYPING_TIMING).toEqual({ charMs: 50, pauseMs: 2000, gapMs: 1000 });
  });

  it("has five one-sentence sample prompts", () => {
    expect(SAMPLE_PROMPTS).toHaveLength(5);
    for (const prompt of SAMPLE_PROMPTS) {
      expect(prompt.trim()).toBe(prompt);
      expect(prompt.endsWith(".")).toBe(true);
    }
  });

  it("types one character at a time, pauses on the full prompt, then shows an empty gap", () => {
    const frames = run(5).map(({ text, delay }) => [text, delay]);
    expect(frames).toEqual([
      ["", 50],
      ["a", 50],
      ["ab", 2000],
      ["", 1000],
      ["x", 50],
    ]);
  });

  it("moves on to the next prompt after the gap and loops back to the first", () => {
    // Prompt 1: 3 steps (0..2 chars) + gap; prompt 2: 3 typed chars + gap; then prompt 1 again.
    const texts = run(11).map((frame) => frame.text);
    expect(texts).toEqual(["", "a", "ab", "", "x", "xy", "xyz", "", "a", "ab", ""]);
  });

  it("holds each typed character 50 ms, the full prompt 2 s and the gap 1 s", () => {
    // "", "a" | "ab" (pause) | gap | "x", "xy" | "xyz" (pause) | gap
    const total = run(8).reduce((sum, frame) => sum + frame.delay, 0);
    expect(total).toBe(2 * 50 + 2000 + 1000 + 2 * 50 + 2000 + 1000);
  });

  it("stays still without prompts", () => {
    expect(nextTypingState(INITIAL_TYPING_STATE, [])).toEqual(INITIAL_TYPING_STATE);
    expect(typingText(INITIAL_TYPING_STATE, [])).toBe("");
  });
});
