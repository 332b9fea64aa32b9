import { Hand, UserRound } from "lucide-react";
import { Button } from "../ui/button";
import { Spinner } from "../ui/spinner";
import { onlyRolesCan } from "../../workspaces/role-refusal";

/** "A person is needed: <reason>. Take control..." (the reason's own full stop is not doubled). */
export function needsPersonText(reason: string): string {
  return `A person is needed: ${reason.trim().replace(/\.+$/, "")}. Take control in the live view, solve it, then hand back.`;
}

/** For a role that may not take control: why the run waits, and who can help it. */
function readerText(reason: string): string {
  return `A person is needed: ${reason.trim().replace(/\.+$/, "")}. ${onlyRolesCan("run", "take control of a run")}`;
}

interface NeedsPersonBannerProps {
  reason: string;
  /** Absent while the person already has control (then the hand-back button is next to it). */
  onTakeControl?: () => void;
  busy?: boolean;
  /** false: the role may only read, so the banner says who can help instead of offering it. */
  canHelp?: boolean;
}

/** Shown while a run waits for a person (run.needs_person): why, and the way to help. */
export function NeedsPersonBanner({ reason, onTakeControl, busy = false, canHelp = true }: NeedsPersonBannerProps) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900">
      <UserRound className="size-4 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1 basis-56 text-sm font-medium break-words">{canHelp ? needsPersonText(reason) : readerText(reason)}</p>
      {onTakeControl && canHelp ? (
        <Button size="sm" onClick={onTakeControl} disabled={busy} aria-busy={busy}>
          {busy ? <Spinner /> : <Hand aria-hidden="true" />}
          Take control
        </Button>
      ) : null}
    </div>
  );
}
