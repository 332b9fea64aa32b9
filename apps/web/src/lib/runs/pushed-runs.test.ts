import { describe, expect, it } from "vitest";
import { createPushedRuns } from "./pushed-runs";

type Shown = { id: string; status: string; needs_person: string | null };

describe("a read of a run against what the stream pushed", () => {
  const clock = () => {
    let t = 0;
    return { now: () => t, tick: () => (t += 1) };
  };

  it("keeps what the stream pushed after the read was sent: a person needed is not undone by a late answer", () => {
    const time = clock();
    const runs = createPushedRuns<Shown>(time.now);
    const sentAt = runs.now();
    time.tick();
    const pushed = { id: "r1", status: "pending", needs_person: "A Turnstile challenge" };
    runs.note(pushed);
    expect(runs.newest({ id: "r1", status: "pending", needs_person: null }, sentAt)).toBe(pushed);
  });

  it("takes a read sent after the push, and reads of runs the stream never pushed", () => {
    const time = clock();
    const runs = createPushedRuns<Shown>(time.now);
    runs.note({ id: "r1", status: "pending", needs_person: "A Turnstile challenge" });
    time.tick();
    const read = { id: "r1", status: "pending", needs_person: null };
    expect(runs.newest(read, runs.now())).toBe(read);
    const other = { id: "r2", status: "pending", needs_person: null };
    expect(runs.newest(other, 0)).toBe(other);
  });

  it("forgets a run", () => {
    const time = clock();
    const runs = createPushedRuns<Shown>(time.now);
    runs.note({ id: "r1", status: "pending", needs_person: "x" });
    runs.forget("r1");
    const read = { id: "r1", status: "pending", needs_person: null };
    expect(runs.newest(read, -1)).toBe(read);
  });
});
