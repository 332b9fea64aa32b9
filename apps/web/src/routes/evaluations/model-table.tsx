import type { ReactNode } from "react";

interface ModelTableProps {
  /** The scrolling region's name. */
  label: string;
  /** The table's caption, for screen readers. */
  caption: string;
  /** The head's first cell, above the row heads. */
  corner: ReactNode;
  models: readonly string[];
  id?: string;
  /** The rows: a head cell, then a cell per model. */
  children: ReactNode;
}

/**
 * A table of an evaluation's report with a column per model. It scrolls sideways inside its
 * region (focusable, so keyboard users can scroll it) when the models do not fit, never the page.
 */
export function ModelTable({ label, caption, corner, models, id, children }: ModelTableProps) {
  return (
    <div className="overflow-x-auto" role="region" aria-label={label} tabIndex={0}>
      <table id={id} className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b bg-muted/50 text-left text-xs font-medium text-muted-foreground">
          <tr>
            {corner}
            {models.map((model) => (
              <th key={model} scope="col" className="px-3 py-2 font-mono break-all">
                {model}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">{children}</tbody>
      </table>
    </div>
  );
}
