import type { ReactNode } from "react";
import { cn } from "../../../components/ui/cn";

interface LandingItemsProps<T extends { title: string }> {
  items: readonly T[];
  /** Numbered steps are an ordered list. */
  ordered?: boolean;
  className: string;
  itemClassName: string;
  /** An item's content: its icon or number, then its ItemText. */
  children: (item: T, index: number) => ReactNode;
}

/** A landing section's cards or rows, one <li> each, keyed by title. */
export function LandingItems<T extends { title: string }>({ items, ordered, className, itemClassName, children }: LandingItemsProps<T>) {
  const List = ordered ? "ol" : "ul";
  return (
    // role="list" keeps list semantics in Safari, which drops them when the markers are hidden.
    <List role="list" className={className}>
      {items.map((item, index) => (
        <li key={item.title} className={itemClassName}>
          {children(item, index)}
        </li>
      ))}
    </List>
  );
}

interface ItemTextProps {
  title: string;
  text: ReactNode;
  /** "card": under the card's icon; "row": beside its mark. */
  layout: "card" | "row";
  /** Added to the text's paragraph (a card's `flex-1`) or, in a row, to the column (`pt-1` beside a number). */
  className?: string;
}

/** An item's title (h3) and its words. */
export function ItemText({ title, text, layout, className }: ItemTextProps) {
  const card = layout === "card";
  const words = (
    <>
      <h3 className={card ? "mt-4 font-semibold" : "font-semibold"}>{title}</h3>
      <p className={cn(card ? "mt-2" : "mt-1", "text-sm leading-relaxed break-words text-muted-foreground", card && className)}>{text}</p>
    </>
  );
  return card ? words : <div className={cn("min-w-0", className)}>{words}</div>;
}
