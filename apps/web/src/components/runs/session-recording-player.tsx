import { useEffect, useRef, useState } from "react";
import { Pause, Play } from "lucide-react";
import { Replayer } from "rrweb";
import "rrweb/dist/style.css";
import { formatPlayTime, type TabTimeline } from "../../lib/runs/session-recording-timeline";
import { Button } from "../ui/button";
import { PressedChoice } from "../ui/pressed-choice";

export const PLAY_SPEEDS = [1, 2, 4] as const;
type Speed = (typeof PLAY_SPEEDS)[number];

/**
 * rrweb's Replayer on one tab's events, scaled to the panel's width (it works at 360 px), with a
 * timeline whose step markers seek, and 1x/2x/4x. Loaded only when the Recording panel opens.
 */
export default function SessionRecordingPlayer({ timeline }: { timeline: TabTimeline }) {
  const frame = useRef<HTMLDivElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const player = useReplayer(stage, timeline);
  const scale = useFitScale(frame, timeline.width);
  return (
    <div className="grid gap-3">
      <div ref={frame} className="overflow-hidden rounded-lg border bg-muted" style={{ height: timeline.height * scale }}>
        <div
          ref={stage}
          aria-label="Replay of the run's browser"
          role="img"
          className="origin-top-left [&_iframe]:border-0"
          style={{ width: timeline.width, height: timeline.height, transform: `scale(${scale})` }}
        />
      </div>
      <div className="grid gap-2">
        <StepMarkers timeline={timeline} onSeek={(offset) => player.seek(offset)} />
        <input
          type="range"
          min={0}
          max={timeline.duration}
          step={100}
          value={player.time}
          aria-label="Position in the recording"
          aria-valuetext={`${formatPlayTime(player.time)} of ${formatPlayTime(timeline.duration)}`}
          className="w-full accent-primary"
          onChange={(event) => player.seek(Number(event.target.value))}
        />
      </div>
      <PlayerControls player={player} duration={timeline.duration} />
    </div>
  );
}

type ReplayerState = ReturnType<typeof useReplayer>;

/** rrweb's Replayer in `stage`, paused at the start: where it is, whether it plays, and how fast. */
function useReplayer(stage: React.RefObject<HTMLDivElement | null>, timeline: TabTimeline) {
  const replayer = useRef<Replayer | null>(null);
  const [time, setTime] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<Speed>(1);
  useEffect(() => {
    const root = stage.current!;
    const made = new Replayer(timeline.events as never, { root, mouseTail: false, showWarning: false, speed: 1 });
    made.on("finish", () => setPlaying(false));
    made.pause(0);
    replayer.current = made;
    const tick = window.setInterval(() => setTime(Math.min(made.getCurrentTime(), timeline.duration)), 200);
    return () => {
      window.clearInterval(tick);
      made.destroy();
      root.replaceChildren();
      replayer.current = null;
    };
  }, [stage, timeline]);
  const seek = (offset: number, play = playing) => {
    if (play) replayer.current?.play(offset);
    else replayer.current?.pause(offset);
    setTime(offset);
  };
  return {
    time,
    playing,
    speed,
    seek,
    toggle() {
      // At the end, playing starts over.
      seek(!playing && time >= timeline.duration ? 0 : time, !playing);
      setPlaying(!playing);
    },
    changeSpeed(next: Speed) {
      setSpeed(next);
      replayer.current?.setConfig({ speed: next });
    },
  };
}

/** A button per step where it started on the timeline: clicking one goes there. */
function StepMarkers({ timeline, onSeek }: { timeline: TabTimeline; onSeek: (offset: number) => void }) {
  return (
    <div className="relative h-6" aria-label="Steps on the timeline" role="group">
      {timeline.markers.map((marker) => {
        const at = (marker.offset / Math.max(1, timeline.duration)) * 100;
        return (
          <button
            key={marker.number}
            type="button"
            className="absolute top-0 h-6 min-w-6 rounded border bg-background px-1 text-xs font-medium hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            // Shifted back by as much of its width as it is far along: the first and last stay inside the bar.
            style={{ left: `${at}%`, transform: `translateX(-${at}%)` }}
            aria-label={`Go to step ${marker.number}`}
            title={`Step ${marker.number}`}
            onClick={() => onSeek(marker.offset)}
          >
            {marker.number}
          </button>
        );
      })}
    </div>
  );
}

function PlayerControls({ player, duration }: { player: ReplayerState; duration: number }) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button type="button" size="sm" onClick={player.toggle} aria-label={player.playing ? "Pause the recording" : "Play the recording"}>
        {player.playing ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
        {player.playing ? "Pause" : "Play"}
      </Button>
      <output className="text-sm tabular-nums" aria-label="Time in the recording" data-time-ms={Math.round(player.time)}>
        {formatPlayTime(player.time)} / {formatPlayTime(duration)}
      </output>
      <PressedChoice
        label="Speed"
        choices={PLAY_SPEEDS}
        pressed={(value) => player.speed === value}
        onChoose={(value) => player.changeSpeed(value)}
        text={(value) => `${value}x`}
        className="flex gap-1"
      />
    </div>
  );
}

/** How much the recorded viewport shrinks to fit the element's width (never grows). */
function useFitScale(element: React.RefObject<HTMLDivElement | null>, width: number): number {
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    const fit = () => setScale(Math.min(1, target.clientWidth / width));
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, width]);
  return scale;
}
