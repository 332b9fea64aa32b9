import { useId, useState } from "react";
import { cn } from "../../components/ui/cn";
import { TabList } from "../../components/ui/tab-list";
import type { CodeSample } from "../../lib/developer/code-samples";

const preClass = "overflow-x-auto rounded-b-lg bg-foreground p-4 font-mono text-xs leading-relaxed text-background";

/** An operation's samples (curl, TypeScript, Python) as tabs over one code panel. */
export function CodeSampleTabs({ samples }: { samples: CodeSample[] }) {
  const [selected, setSelected] = useState(0);
  const baseId = useId();
  const sample = samples[selected];
  if (!sample) return null;

  return (
    <div className="mt-5">
      <h4 className="text-sm font-semibold">Example</h4>
      <TabList
        label="Example in"
        tabs={samples.map((item) => ({ key: item.language, label: item.label }))}
        selected={selected}
        onSelect={setSelected}
        tabId={(language) => `${baseId}-tab-${language}`}
        panelId={() => `${baseId}-panel`}
        className="mt-2 flex gap-1 rounded-t-lg bg-muted p-1"
        tabClassName={(isSelected) =>
          cn(
            "min-h-8 rounded-md px-3 text-xs font-medium text-muted-foreground transition-colors hover:text-foreground",
            isSelected && "bg-background text-foreground shadow-sm",
          )
        }
      />
      <pre role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${sample.language}`} className={preClass}>
        {sample.code}
      </pre>
    </div>
  );
}
