import { useEffect, useRef, useState } from "react";
import { ArrowLeft, Check } from "lucide-react";
import type { AuthSession, LiveEndReason } from "@errand/contract";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { safeFrameUrl } from "../../lib/browser/frame-url";
import { useViewerEvents } from "../../lib/hooks/use-viewer-events";
import { urlHost, type AuthContextValues } from "./auth-context-form";

function endedText(reason: LiveEndReason, relogIn: boolean): string {
  const why = reason === "idle" ? " after a while without activity" : reason === "expired" ? " at its time limit" : "";
  const next = relogIn ? "Start again to open a new one." : "Go Back to open a new one and log in again.";
  return `The browser closed${why}, so this login cannot be saved. ${next}`;
}

interface LoginStepProps {
  values: AuthContextValues;
  session: AuthSession;
  saving: boolean;
  onBack: () => void;
  onFinish: () => void;
  /** Logging in again to a saved login: Finish replaces it, and Back reads Cancel. */
  relogIn?: boolean;
  /** With relogIn: opens a new browser after this one closed. */
  onRestart?: () => void;
}

/** Step 2: the live browser on the site; Finish saves the login, Back closes the browser. */
export function LoginStep({ values, session, saving, onBack, onFinish, relogIn = false, onRestart }: LoginStepProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const host = urlHost(values.url);
  const src = safeFrameUrl(session.debug_url, window.location.href);
  const frameRef = useRef<HTMLIFrameElement>(null);
  // The browser closed under the wizard (idle, time limit, closed elsewhere): say so rather than
  // offer a Finish that can only fail.
  const [ended, setEnded] = useState<LiveEndReason | null>(null);
  useViewerEvents(frameRef, (event) => {
    if (event.type === "ended" && event.reason !== "saved") setEnded(event.reason);
  });

  return (
    <section aria-labelledby="login-step-heading" aria-busy={saving} className="grid gap-4">
      <div className="grid gap-1.5">
        <h2 id="login-step-heading" ref={headingRef} tabIndex={-1} className="text-xl font-semibold tracking-tight outline-none">
          Log in
        </h2>
        <p className="text-sm wrap-anywhere text-muted-foreground">
          Log in to <span className="font-medium text-foreground">{host}</span> in the browser below. When you are signed in, click Finish.
        </p>
        {relogIn ? (
          <p className="text-xs wrap-anywhere text-muted-foreground">
            Finish replaces the saved login <span className="font-medium text-foreground">&ldquo;{values.name.trim()}&rdquo;</span>; tasks
            that use it keep using it. The browser closes after a few minutes without activity.
          </p>
        ) : (
          <p className="text-xs wrap-anywhere text-muted-foreground">
            It will be saved as <span className="font-medium text-foreground">&ldquo;{values.name.trim()}&rdquo;</span>. The browser closes
            after a few minutes without activity: if it stops responding, go Back and start again.
          </p>
        )}
      </div>
      {src ? (
        <iframe
          ref={frameRef}
          title="Browser for logging in"
          src={src}
          allow="clipboard-read; clipboard-write"
          className="h-[min(70dvh,720px)] w-full rounded-lg border bg-muted"
        />
      ) : (
        <p role="alert" className="rounded-lg border border-dashed p-8 text-center text-sm text-muted-foreground">
          The browser could not be shown. Go Back and try again.
        </p>
      )}
      {ended ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {endedText(ended, relogIn)}
          {relogIn && onRestart ? (
            <Button variant="outline" size="sm" onClick={onRestart} className="mt-2 flex">
              Start again
            </Button>
          ) : null}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-4">
        <Button variant="outline" onClick={onBack} disabled={saving}>
          {relogIn ? null : <ArrowLeft aria-hidden="true" />}
          {relogIn ? "Cancel" : "Back"}
        </Button>
        <Button onClick={onFinish} disabled={saving || ended !== null} aria-busy={saving}>
          {saving ? <Spinner /> : <Check aria-hidden="true" />}
          {saving ? "Saving…" : "Finish"}
        </Button>
      </div>
    </section>
  );
}
