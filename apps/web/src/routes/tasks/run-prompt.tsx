import { useEffect, useId, useRef, useState } from "react";
import { FoldToggle } from "../../components/ui/fold-toggle";

/**
 * Whether the folded element's text is cut (wider or taller than its box), followed as the box
 * resizes. Not measured while unfolded (nothing is cut then), so "Show less" stays under focus.
 */
function useIsCut(text: string, unfolded: boolean) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [cut, setCut] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || unfolded) return;
    const measure = () => setCut(element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text, unfolded]);
  return { ref, cut };
}

/**
 * The prompt a run ran with (the task may have changed since): one line, with "Show more" when
 * it does not fit (a phone shows few words of it) and "Show less" to fold it again.
 */
export function RunPrompt({ prompt }: { prompt: string }) {
  const [expanded, setExpanded] = useState(false);
  const { ref, cut } = useIsCut(prompt, expanded);
  const id = useId();
  return (
    <div className="-mt-1 flex min-w-0 flex-wrap items-baseline gap-x-2">
      <p
        ref={ref}
        id={id}
        className={
          expanded
            ? "min-w-0 basis-full text-sm whitespace-pre-wrap break-words text-muted-foreground"
            : "min-w-0 flex-1 truncate text-sm text-muted-foreground"
        }
        title={expanded ? undefined : prompt}
      >
        {prompt}
      </p>
      {cut || expanded ? (
        <FoldToggle open={expanded} onToggle={() => setExpanded((open) => !open)} controls={id} className="shrink-0">
          {expanded ? "Show less" : "Show more"}
        </FoldToggle>
      ) : null}
    </div>
  );
}
