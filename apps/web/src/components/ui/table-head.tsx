import { cn } from "./cn";

interface TableHeadProps<Column extends string> {
  columns: readonly Column[];
  /** Each head cell's classes: the same for all, or by column. */
  cellClass: string | ((column: Column) => string);
  /** A rule below the head, or (a table at the top of a card's content) above and below it. */
  rules?: "below" | "around";
}

/** A data table's head: one row of column names, small, muted and upper-case on a tinted band. */
export function TableHead<Column extends string>({ columns, cellClass, rules = "below" }: TableHeadProps<Column>) {
  return (
    <thead
      className={cn(
        rules === "around" ? "border-y" : "border-b",
        "bg-muted/50 text-left text-xs font-medium tracking-wide text-muted-foreground uppercase",
      )}
    >
      <tr>
        {columns.map((column) => (
          <th key={column} scope="col" className={typeof cellClass === "string" ? cellClass : cellClass(column)}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
