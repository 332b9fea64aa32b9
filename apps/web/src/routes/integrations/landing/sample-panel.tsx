import { useId, useState } from "react";
import { Copy } from "lucide-react";
import type { IntegrationContent } from "@errand/content/integrations";
import { copyText } from "../../../lib/browser/clipboard";
import { cn } from "../../../components/ui/cn";
import { notify } from "../../../components/ui/notify";
import { TabList } from "../../../components/ui/tab-list";

type Sample = IntegrationContent["sample"];

const LANGUAGE_LABELS: Record<Sample["language"], string> = {
  bash: "Shell",
  json: "JSON",
  text: "Settings",
  typescript: "TypeScript",
  python: "Python",
};

/**
 * The page's cover: the integration's sample on a dark code panel, with its caption and a Copy
 * button. With `alternatives` (the same sample in other languages) the languages are tabs.
 */
export function SamplePanel({ label, sample, alternatives = [] }: { label: string; sample: Sample; alternatives?: Sample[] }) {
  const captionId = useId();
  const tabsId = useId();
  const samples = [sample, ...alternatives];
  const [selected, setSelected] = useState(0);
  const shown = samples[selected] ?? sample;

  async function copy() {
    try {
      await copyText(shown.code);
      notify.success("Copied", `The ${label} sample is on your clipboard.`);
    } catch {
      notify.error("Error", "Could not copy to the clipboard. Select the sample and copy it by hand.");
    }
  }

  return (
    <figure className="min-w-0 overflow-hidden rounded-2xl border border-foreground/10 bg-foreground text-background shadow-xl">
      <div className="flex items-center justify-between gap-3 border-b border-background/15 px-4 py-2">
        {samples.length > 1 ? (
          <TabList
            label={`${label} sample in`}
            tabs={samples.map((item) => ({ key: item.language, label: LANGUAGE_LABELS[item.language] }))}
            selected={selected}
            onSelect={setSelected}
            tabId={(language) => `${tabsId}-${language}`}
            panelId={() => `${tabsId}-panel`}
            className="flex gap-1"
            tabClassName={(isSelected) =>
              cn(
                "h-8 rounded-md px-2.5 text-xs font-semibold tracking-wide text-background/70 uppercase transition-colors hover:text-background",
                isSelected && "bg-background/15 text-background",
              )
            }
          />
        ) : (
          <span className="text-xs font-semibold tracking-wide text-background/80 uppercase">{LANGUAGE_LABELS[sample.language]}</span>
        )}
        <button
          type="button"
          onClick={() => void copy()}
          className="inline-flex h-8 items-center gap-1.5 rounded-md px-2.5 text-xs font-medium text-background/90 transition-colors hover:bg-background/10 hover:text-background"
        >
          <Copy className="size-3.5" aria-hidden="true" />
          Copy<span className="sr-only"> the {label} sample</span>
        </button>
      </div>
      <div {...(samples.length > 1 ? { role: "tabpanel", id: `${tabsId}-panel`, "aria-labelledby": `${tabsId}-${shown.language}` } : {})}>
        <pre
          tabIndex={0}
          role="region"
          aria-labelledby={captionId}
          className="max-h-[28rem] overflow-auto p-4 font-mono text-xs leading-relaxed"
        >
          <code>{shown.code}</code>
        </pre>
      </div>
      <figcaption id={captionId} className="border-t border-background/15 px-4 py-3 text-xs leading-relaxed text-background/80">
        {shown.caption}
      </figcaption>
    </figure>
  );
}
