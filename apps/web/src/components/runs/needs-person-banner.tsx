import { Hand, UserRound } from "lucide-react";
import { Button } from "../ui/button";
import { Spinner } from "../ui/spinner";

/** "A person is needed: <reason>. Take control..." (the reason's own full stop is not doubled). */
export function needsPersonText(reason: string): string {
  return `A person is needed: ${reason.trim().replace(/\.+$/, "")}. Take control in the live view, solve it, then hand back.`;
}

/**
 * Shown while a run waits for a person (run.needs_person): why, and the way to help. `onTakeControl`
 * is absent while the person already has control (then the hand-back button is next to it).
 */
export function NeedsPersonBanner({ reason, onTakeControl, busy = false }: { reason: string; onTakeControl?: () => void; busy?: boolean }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900">
      <UserRound className="size-4 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1 basis-56 text-sm font-medium break-words">{needsPersonText(reason)}</p>
      {onTakeControl ? (
        <Button size="sm" onClick={onTakeControl} disabled={busy} aria-busy={busy}>
          {busy ? <Spinner /> : <Hand aria-hidden="true" />}
          Take control
        </Button>
      ) : null}
    </div>
  );
}
