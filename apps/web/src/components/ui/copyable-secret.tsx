import type { ReactNode, Ref } from "react";
import { Copy } from "lucide-react";
import { copyText } from "../../lib/browser/clipboard";
import { Button } from "./button";
import { cn } from "./cn";
import { notify } from "./notify";

/** Copies text and says so in a toast: `copied` is the success toast, `failed` the error's description. */
export async function copyAndTell(text: string, copied: [string, string], failed: string): Promise<void> {
  try {
    await copyText(text);
    notify.success(...copied);
  } catch {
    notify.error("Error", failed);
  }
}

interface CopyableSecretProps {
  /** The secret's accessible name, e.g. "Webhook signing secret". */
  label: string;
  /** What is shown (a key may be masked). */
  shown: string;
  /** The Copy button's accessible name. */
  copyLabel: string;
  onCopy: () => void;
  copyRef?: Ref<HTMLButtonElement>;
  className?: string;
  /** More buttons before Copy (e.g. Reveal). */
  children?: ReactNode;
}

/** A secret in a code box, with Copy beside it (below it on a phone). */
export function CopyableSecret({ label, shown, copyLabel, onCopy, copyRef, className, children }: CopyableSecretProps) {
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <code
        aria-label={label}
        className={cn(
          "flex min-h-11 min-w-0 flex-1 items-center rounded-md border bg-muted/50 px-3 py-2 font-mono text-sm break-all",
          className,
        )}
      >
        {shown}
      </code>
      <div className="flex gap-2">
        {children}
        <Button ref={copyRef} onClick={onCopy} aria-label={copyLabel} className="flex-1 sm:flex-none">
          <Copy aria-hidden="true" />
          <span aria-hidden="true">Copy</span>
        </Button>
      </div>
    </div>
  );
}
