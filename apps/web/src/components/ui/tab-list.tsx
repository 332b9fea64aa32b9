import { useRef, type KeyboardEvent, type ReactNode } from "react";
import { cn } from "./cn";

/** Where an arrow key, Home or End moves from `index` among `count` tabs (the arrows wrap around). */
const KEY_MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  ArrowRight: (index, count) => (index + 1) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

export interface TabListProps {
  /** The tab list's accessible name. */
  label: string;
  /** Each tab's key and what it shows. */
  tabs: readonly { key: string; label: ReactNode }[];
  selected: number;
  onSelect: (index: number) => void;
  /** The element ids of a tab and of the panel it controls, by the tab's key. */
  tabId: (key: string) => string;
  panelId: (key: string) => string;
  className?: string;
  /** A tab's classes, selected or not. */
  tabClassName: (selected: boolean) => string;
}

/**
 * WAI-ARIA tabs' list: the selected tab alone is in the tab order; arrows, Home and End select
 * another and move the focus to it; a click selects.
 */
export function TabList({ label, tabs, selected, onSelect, tabId, panelId, className, tabClassName }: TabListProps) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent) {
    const move = KEY_MOVES[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move(selected, tabs.length);
    onSelect(next);
    refs.current[next]?.focus();
  }

  return (
    <div role="tablist" aria-label={label} className={className} onKeyDown={onKeyDown}>
      {tabs.map((tab, index) => (
        <button
          key={tab.key}
          ref={(element) => {
            refs.current[index] = element;
          }}
          type="button"
          role="tab"
          id={tabId(tab.key)}
          aria-selected={index === selected}
          aria-controls={panelId(tab.key)}
          tabIndex={index === selected ? 0 : -1}
          onClick={() => onSelect(index)}
          className={cn(tabClassName(index === selected))}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
