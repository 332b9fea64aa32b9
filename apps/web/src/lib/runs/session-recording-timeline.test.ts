import type { SessionRecording } from "@errand/contract";
import { describe, expect, it } from "vitest";
import { formatPlayTime, playableTabs, tabTimeline } from "./session-recording-timeline";

const recording = (events: SessionRecording["events"], steps: SessionRecording["steps"], tabs = 1): SessionRecording => ({
  format: "errand-session-recording",
  version: 1,
  run_id: "00000000-0000-4000-8000-000000000000",
  started_at: 1_000,
  ended_at: 9_000,
  tabs,
  cut: false,
  note: null,
  steps,
  events,
});

describe("a session recording's timeline", () => {
  it("plays one tab from its first event, at its recorded size, with the steps that fall in it", () => {
    const played = recording(
      [
        { tab: 0, type: 4, timestamp: 2_000, data: { href: "http://127.0.0.1/", width: 1024, height: 600 } },
        { tab: 1, type: 4, timestamp: 3_000, data: { href: "http://127.0.0.1/b", width: 800, height: 600 } },
        { tab: 0, type: 3, timestamp: 6_000, data: {} },
        { tab: 0, type: 2, timestamp: 2_010, data: {} },
      ],
      [
        { number: 1, at: 1_500 },
        { number: 2, at: 2_500 },
        { number: 3, at: 5_000 },
      ],
      2,
    );
    const timeline = tabTimeline(played, 0)!;
    expect(timeline.events.map((event) => event.timestamp)).toEqual([2_000, 2_010, 6_000]);
    expect(timeline.events[0]).not.toHaveProperty("tab");
    expect(timeline).toMatchObject({ start: 2_000, duration: 4_000, width: 1024, height: 600 });
    // Step 1 began before this tab showed anything (on the blank tab, which is not recorded): it
    // sits at the start.
    expect(timeline.markers).toEqual([
      { number: 1, offset: 0 },
      { number: 2, offset: 500 },
      { number: 3, offset: 3_000 },
    ]);
    // The second tab has a single event: nothing to play.
    expect(playableTabs(played)).toEqual([0]);
  });

  it("places a step that started after the tab's last event at its end, unless another tab showed something since", () => {
    const events: SessionRecording["events"] = [
      { tab: 0, type: 4, timestamp: 2_000, data: { href: "http://127.0.0.1/", width: 1024, height: 600 } },
      { tab: 0, type: 2, timestamp: 2_010, data: {} },
      { tab: 0, type: 3, timestamp: 4_000, data: {} },
    ];
    // The answer (step 3) moved nothing on the page; step 4 came after the recording ended.
    const steps = [
      { number: 2, at: 3_000 },
      { number: 3, at: 5_000 },
      { number: 4, at: 9_500 },
    ];
    expect(tabTimeline(recording(events, steps), 0)!.markers).toEqual([
      { number: 2, offset: 1_000 },
      { number: 3, offset: 2_000 },
    ]);
    // A second tab recorded after tab 0's last event: step 3 happened there, not at tab 0's end.
    const twoTabs = recording(
      [
        ...events,
        { tab: 1, type: 4, timestamp: 4_500, data: { href: "http://127.0.0.1/b", width: 800, height: 600 } },
        { tab: 1, type: 2, timestamp: 4_510, data: {} },
      ],
      steps,
      2,
    );
    expect(tabTimeline(twoTabs, 0)!.markers).toEqual([{ number: 2, offset: 1_000 }]);
    expect(tabTimeline(twoTabs, 1)!.markers).toEqual([{ number: 3, offset: 10 }]);
  });

  it("writes times as minutes and seconds", () => {
    expect(formatPlayTime(0)).toBe("0:00");
    expect(formatPlayTime(65_400)).toBe("1:05");
  });
});
