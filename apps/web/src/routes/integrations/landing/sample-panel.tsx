import { useId } from "react";
import { Copy } from "lucide-react";
import type { IntegrationContent } from "@errand/content/integrations";
import { copyText } from "../../../lib/browser/clipboard";
import { notify } from "../../../components/ui/notify";

const LANGUAGE_LABELS: Record<IntegrationContent["sample"]["language"], string> = {
  bash: "Shell",
  json: "JSON",
  text: "Settings",
};

/** The page's cover: the integration's sample on a dark code panel, with its caption and a Copy button. */
export function SamplePanel({ label, sample }: { label: string; sample: IntegrationContent["sample"] }) {
  const captionId = useId();

  async function copy() {
    try {
      await copyText(sample.code);
      notify.success("Copied", `The ${label} sample is on your clipboard.`);
    } catch {
      notify.error("Error", "Could not copy to the clipboard. Select the sample and copy it by hand.");
    }
  }

  return (
    <figure className="min-w-0 overflow-hidden rounded-2xl border border-foreground/10 bg-foreground text-background shadow-xl">
      <div className="flex items-center justify-between gap-3 border-b border-background/15 px-4 py-2">
        <span className="text-xs font-semibold tracking-wide text-background/80 uppercase">{LANGUAGE_LABELS[sample.language]}</span>
        <button
          type="button"
          onClick={() => void copy()}
          className="inline-flex h-8 items-center gap-1.5 rounded-md px-2.5 text-xs font-medium text-background/90 transition-colors hover:bg-background/10 hover:text-background"
        >
          <Copy className="size-3.5" aria-hidden="true" />
          Copy<span className="sr-only"> the {label} sample</span>
        </button>
      </div>
      <pre
        tabIndex={0}
        role="region"
        aria-labelledby={captionId}
        className="max-h-[28rem] overflow-auto p-4 font-mono text-xs leading-relaxed"
      >
        <code>{sample.code}</code>
      </pre>
      <figcaption id={captionId} className="border-t border-background/15 px-4 py-3 text-xs leading-relaxed text-background/80">
        {sample.caption}
      </figcaption>
    </figure>
  );
}
