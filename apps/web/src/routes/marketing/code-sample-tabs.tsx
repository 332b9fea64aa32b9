import { useId, useRef, useState, type KeyboardEvent } from "react";
import { cn } from "../../components/ui/cn";
import type { CodeSample } from "../../lib/developer/code-samples";

const preClass = "overflow-x-auto rounded-b-lg bg-foreground p-4 font-mono text-xs leading-relaxed text-background";

/** An operation's samples (curl, TypeScript, Python) as tabs over one code panel. */
export function CodeSampleTabs({ samples }: { samples: CodeSample[] }) {
  const [selected, setSelected] = useState(0);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const baseId = useId();
  const sample = samples[selected];
  if (!sample) return null;

  function select(index: number) {
    setSelected(index);
    tabs.current[index]?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    const last = samples.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: selected === last ? 0 : selected + 1,
      ArrowLeft: selected === 0 ? last : selected - 1,
      Home: 0,
      End: last,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  }

  return (
    <div className="mt-5">
      <h4 className="text-sm font-semibold">Example</h4>
      <div role="tablist" aria-label="Example in" className="mt-2 flex gap-1 rounded-t-lg bg-muted p-1" onKeyDown={onKeyDown}>
        {samples.map((item, index) => (
          <button
            key={item.language}
            ref={(el) => {
              tabs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${item.language}`}
            aria-selected={index === selected}
            aria-controls={`${baseId}-panel`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => setSelected(index)}
            className={cn(
              "min-h-8 rounded-md px-3 text-xs font-medium text-muted-foreground transition-colors hover:text-foreground",
              index === selected && "bg-background text-foreground shadow-sm",
            )}
          >
            {item.label}
          </button>
        ))}
      </div>
      <pre role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-tab-${sample.language}`} className={preClass}>
        {sample.code}
      </pre>
    </div>
  );
}
