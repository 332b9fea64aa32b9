import { X } from "lucide-react";

interface ChipListProps {
  items: readonly string[];
  /** The list's name for screen readers: "Tags of this task". */
  label: string;
  /** The remove button's name for one chip: (item) => `Remove tag ${item}`. */
  removeLabel: (item: string) => string;
  onRemove: (item: string) => void;
}

/** Typed values shown as chips under their field, each with a button that takes it out. */
export function ChipList({ items, label, removeLabel, onRemove }: ChipListProps) {
  if (items.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {items.map((item) => (
        <li key={item} className="flex max-w-full items-center gap-1 rounded-full border bg-muted py-0.5 pr-1 pl-3 text-sm">
          <span className="font-mono break-all">{item}</span>
          <button
            type="button"
            className="rounded-full p-1 text-muted-foreground hover:bg-background hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            aria-label={removeLabel(item)}
            onClick={() => onRemove(item)}
          >
            <X className="size-3.5" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}
