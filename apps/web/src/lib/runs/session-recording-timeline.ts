import type { SessionRecording } from "@errand/contract";

/** rrweb's event type for a page's size and address (its Meta event). */
const META = 4;

export interface TabTimeline {
  /** The tab's rrweb events, without our `tab` tag, in time order. */
  events: { type: number; timestamp: number; data: unknown }[];
  /** Where the recording starts, in ms since 1970: the tab's first event. */
  start: number;
  /** How long it lasts, in ms. */
  duration: number;
  /** The viewport the tab was recorded at (the player scales it to the panel's width). */
  width: number;
  height: number;
  /** The steps that started while it was recorded, as offsets from `start` (those after its last event at its end). */
  markers: { number: number; offset: number }[];
}

/** One tab of a recording, ready for rrweb's Replayer, with the steps placed on its timeline. */
export function tabTimeline(recording: SessionRecording, tab: number): TabTimeline | null {
  const events = recording.events
    .filter((event) => event.tab === tab)
    .map(({ tab: _tab, ...event }) => event)
    .sort((a, b) => a.timestamp - b.timestamp);
  if (events.length < 2) return null;
  const start = events[0]!.timestamp;
  const duration = events.at(-1)!.timestamp - start;
  const meta = events.find((event) => event.type === META)?.data as { width?: number; height?: number } | undefined;
  const end = start + duration;
  // A step that started before this tab's first event (on the blank tab a run starts on, which is
  // not recorded) is placed at its start, and one that started after its last event (often the
  // answer: nothing moves on the page) at its end, unless another tab showed something in between
  // (the step was there).
  const otherTabBetween = (from: number, to: number) =>
    recording.events.some((event) => event.tab !== tab && event.timestamp >= from && event.timestamp <= to);
  const markers = recording.steps.flatMap((step) => {
    const offset = step.at - start;
    if (offset >= 0 && offset <= duration) return [{ number: step.number, offset }];
    if (offset < 0 && !otherTabBetween(step.at, start)) return [{ number: step.number, offset: 0 }];
    if (offset > duration && step.at <= recording.ended_at && !otherTabBetween(end + 1, step.at))
      return [{ number: step.number, offset: duration }];
    return [];
  });
  return { events, start, duration, width: meta?.width ?? 1280, height: meta?.height ?? 720, markers };
}

/** The tabs that have something to play. */
export function playableTabs(recording: SessionRecording): number[] {
  return Array.from({ length: recording.tabs }, (_, tab) => tab).filter((tab) => tabTimeline(recording, tab) !== null);
}

/** "1:05" */
export function formatPlayTime(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
