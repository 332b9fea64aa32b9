import { useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Bot, Eye, EyeOff, Hand, MonitorPlay } from "lucide-react";
import { runQueryOptions } from "../../api/runs";
import { ApprovalCard } from "../../components/runs/approval-card";
import { LimitAskBanner, limitAsked } from "../../components/runs/limit-ask-banner";
import { NeedsPersonBanner } from "../../components/runs/needs-person-banner";
import { ActionButton } from "../../components/ui/action-button";
import { BusyButton } from "../../components/ui/busy-button";
import { Button } from "../../components/ui/button";
import { safeFrameUrl } from "../../lib/browser/frame-url";
import { cn } from "../../components/ui/cn";
import { useCan } from "../../workspaces/use-workspace-allows";
import { liveAnnouncement } from "./live-run-state";
import { useRunLive } from "./use-run-live";

type RunLive = ReturnType<typeof useRunLive>;

/** "Take control" from the needs-a-person banner: opens the live view first when it is not open yet. */
function useTakeControl({ state, watch, control }: RunLive) {
  const [takeWhenOpen, setTakeWhenOpen] = useState(false);
  useEffect(() => {
    if (!takeWhenOpen || state.status === "opening") return;
    setTakeWhenOpen(false);
    if (state.status === "watching" && state.live.controller !== "person") control("take");
  }, [takeWhenOpen, state, control]);
  return () => {
    if (state.status === "watching") control("take");
    else {
      setTakeWhenOpen(true);
      watch();
    }
  };
}

/**
 * "Live browser" of a pending run: nothing is streamed until the person clicks "Watch live".
 * While watching, they can take control (the agent pauses) and hand it back.
 * Render it only while the run is pending: unmounting it removes the browser.
 */
export function LiveRunPanel({ runId }: { runId: string }) {
  const live = useRunLive(runId);
  const { state, frameRef } = live;
  const watching = state.status === "watching" ? state : null;
  const person = watching?.live.controller === "person";
  const src = watching ? safeFrameUrl(watching.live.debug_url, window.location.href) : null;
  const announcement = watching && !src ? "The live browser could not be shown." : liveAnnouncement(state);
  // The run as its page keeps it (stream or polling): needs_person is set while it waits for a person.
  const run = useQuery({ ...runQueryOptions(runId), enabled: false }).data;
  const needsPerson = run?.needs_person ?? null;
  // Waiting at its cost or step limit: a new limit, not the live view, lets it go on.
  const atLimit = run ? limitAsked(run) : null;
  const takeControl = useTakeControl(live);
  // A role that may only read watches; taking control and raising limits are for those who run tasks.
  const canRun = useCan("run");

  return (
    <section aria-labelledby="live-browser-heading" className="grid gap-3 rounded-lg border p-4">
      {run?.needs_approval ? <ApprovalCard run={{ id: run.id, needs_approval: run.needs_approval }} canAnswer={canRun} /> : null}
      {run && atLimit ? <LimitAskBanner run={run} limit={atLimit} canRaise={canRun} /> : null}
      {needsPerson && !atLimit ? (
        <NeedsPersonBanner
          reason={needsPerson}
          onTakeControl={person ? undefined : takeControl}
          busy={state.status === "opening" || watching?.changing === "take"}
          canHelp={canRun}
        />
      ) : null}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 flex-1 basis-72 gap-1">
          <h2 id="live-browser-heading" className="flex items-center gap-2 font-semibold">
            <MonitorPlay className="size-4 text-primary" aria-hidden="true" />
            Live browser
          </h2>
          <p className="text-sm text-muted-foreground">
            {canRun
              ? "Watch the agent work in its browser, and take control if it needs a hand (a login, a captcha)."
              : "Watch the agent work in its browser."}
          </p>
          {/* Always present, so screen readers announce each change of who drives the browser. */}
          <div role="status" aria-live="polite">
            {announcement ? (
              <p
                className={cn(
                  "mt-1 text-sm",
                  person ? "rounded-md border border-amber-300 bg-amber-50 px-3 py-2 font-medium text-amber-900" : "text-muted-foreground",
                )}
              >
                {announcement}
              </p>
            ) : null}
          </div>
        </div>
        <LiveControls live={live} canControl={canRun} />
      </div>
      {src ? (
        <iframe
          ref={frameRef}
          title="Live browser of this run"
          src={src}
          allow="clipboard-read; clipboard-write"
          // The run's page is 1280x800 (it is not resized to the viewer) plus the 44px toolbar.
          className="aspect-[1280/844] max-h-[min(70dvh,720px)] w-full rounded-lg border bg-muted"
        />
      ) : null}
    </section>
  );
}

/** Watch live; while watching, Take control or Hand back to agent (when the role may), and Stop watching. */
function LiveControls({ live: { state, watch, control, stop }, canControl }: { live: RunLive; canControl: boolean }) {
  if (state.status !== "watching")
    return (
      <div className="flex flex-wrap gap-2">
        <BusyButton variant="outline" size="sm" onClick={watch} busy={state.status === "opening"} icon={<Eye aria-hidden="true" />}>
          Watch live
        </BusyButton>
      </div>
    );
  const changing = state.changing !== null;
  const controls = { run: control, busy: changing, pending: state.changing ?? undefined };
  return (
    <div className="flex flex-wrap gap-2">
      {!canControl ? null : state.live.controller === "person" ? (
        <ActionButton size="sm" actions={controls} action="release" icon={<Bot aria-hidden="true" />}>
          Hand back to agent
        </ActionButton>
      ) : (
        <ActionButton size="sm" actions={controls} action="take" icon={<Hand aria-hidden="true" />}>
          Take control
        </ActionButton>
      )}
      <Button variant="outline" size="sm" onClick={stop} disabled={changing}>
        <EyeOff aria-hidden="true" />
        Stop watching
      </Button>
    </div>
  );
}
