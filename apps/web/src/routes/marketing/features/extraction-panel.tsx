import { ArrowDown, CircleCheck, Download } from "lucide-react";
import { PanelFrame } from "./panel-frame";

const JSON_TEXT = `[
  { "name": "Oak desk lamp", "price": 34,
    "in_stock": true },
  { "name": "Linen lamp shade", …`;

const ROWS = [
  { name: "Oak desk lamp", price: "34.00", stock: "yes" },
  { name: "Linen lamp shade", price: "19.50", stock: "yes" },
  { name: "Brass floor lamp", price: "89.00", stock: "no" },
];

/** JSON that passed the schema, shown as the table it becomes, with the CSV download. */
export function ExtractionPanel() {
  return (
    <PanelFrame
      title="Result · JSON"
      description="Illustration: a JSON result that matched the schema, shown as a table with a Download CSV button."
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="inline-flex rounded-md border bg-muted p-0.5 text-xs">
          <span className="rounded px-2 py-0.5 text-muted-foreground">Text</span>
          <span className="rounded bg-background px-2 py-0.5 font-medium shadow-sm">JSON</span>
        </span>
        <span className="inline-flex items-center gap-1 rounded-full border border-green-300 bg-green-100 px-2 py-0.5 text-xs font-medium text-green-900">
          <CircleCheck className="size-3.5" />
          Matches your schema
        </span>
      </div>
      <pre className="mt-3 overflow-hidden rounded-lg bg-zinc-950 p-3 font-mono text-[11px] leading-relaxed text-zinc-100 sm:text-xs">
        {JSON_TEXT}
      </pre>
      <ArrowDown className="mx-auto my-2 size-5 text-muted-foreground" />
      <div className="overflow-hidden rounded-lg border">
        <table className="w-full text-left text-xs sm:text-sm">
          <thead className="bg-muted text-muted-foreground">
            <tr>
              <th className="px-3 py-2 font-medium">name</th>
              <th className="px-3 py-2 text-right font-medium">price</th>
              <th className="px-3 py-2 font-medium">in_stock</th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {ROWS.map((r) => (
              <tr key={r.name}>
                <td className="truncate px-3 py-2">{r.name}</td>
                <td className="px-3 py-2 text-right tabular-nums">{r.price}</td>
                <td className="px-3 py-2">{r.stock}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <span className="mt-3 inline-flex items-center gap-2 rounded-md border bg-background px-3 py-1.5 text-xs font-medium shadow-sm">
        <Download className="size-3.5" />
        Download CSV
      </span>
    </PanelFrame>
  );
}
