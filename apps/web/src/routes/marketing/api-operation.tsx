import { cn } from "../../components/ui/cn";
import { operationSamples } from "../../lib/developer/code-samples";
import { splitInlineCode, type ApiOperation, type FieldRow } from "../../lib/developer/openapi-reference";
import { CodeSampleTabs } from "./code-sample-tabs";

const METHOD_TONES: Record<string, string> = {
  GET: "border-sky-300 bg-sky-100 text-sky-900",
  POST: "border-green-300 bg-green-100 text-green-900",
  PUT: "border-violet-300 bg-violet-100 text-violet-900",
  PATCH: "border-amber-300 bg-amber-100 text-amber-900",
  DELETE: "border-red-300 bg-red-100 text-red-900",
};

export function MethodBadge({ method, className }: { method: string; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex w-14 shrink-0 justify-center rounded-md border px-1.5 py-0.5 font-mono text-[0.7rem] font-bold tracking-wide",
        METHOD_TONES[method] ?? "border-border bg-muted text-foreground",
        className,
      )}
    >
      {method}
    </span>
  );
}

/** Text with `backtick` spans shown as code. */
export function InlineText({ text }: { text: string }) {
  return splitInlineCode(text).map((part, index) =>
    part.code ? (
      <code key={index} className="rounded bg-muted px-1 py-0.5 font-mono text-[0.85em]">
        {part.text}
      </code>
    ) : (
      <span key={index}>{part.text}</span>
    ),
  );
}

function FieldList({ title, rows }: { title: string; rows: FieldRow[] }) {
  return (
    <div className="mt-5">
      <h4 className="text-sm font-semibold">{title}</h4>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">Any JSON value.</p>
      ) : (
        <ul className="mt-2 divide-y rounded-lg border">
          {rows.map((row) => (
            <li key={row.name} className="grid gap-1 px-3 py-2.5 sm:grid-cols-[minmax(0,13rem)_minmax(0,1fr)] sm:gap-4">
              <div className="flex flex-wrap items-baseline gap-x-2">
                <code className="font-mono text-sm font-semibold break-all">{row.name}</code>
                <span className={cn("text-xs", row.required ? "font-medium text-red-700" : "text-muted-foreground")}>
                  {row.required ? "required" : "optional"}
                </span>
              </div>
              <div className="min-w-0 text-sm">
                <span className="font-mono text-xs break-words text-muted-foreground">{row.type}</span>
                {row.description ? (
                  <p className="mt-0.5">
                    <InlineText text={row.description} />
                  </p>
                ) : null}
                {row.constraints.length > 0 ? (
                  <p className="mt-0.5 text-xs break-words text-muted-foreground">{row.constraints.join(" · ")}</p>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function codeTone(code: string): string {
  if (code.startsWith("2")) return "text-green-800";
  if (code.startsWith("3")) return "text-sky-800";
  return "text-red-800";
}

/** One endpoint: method and path, summary, parameters, request body, response codes and examples. */
export function ApiOperationCard({ operation, baseUrl }: { operation: ApiOperation; baseUrl: string }) {
  const titleId = `${operation.id}-title`;
  return (
    <section id={operation.id} aria-labelledby={titleId} className="scroll-mt-24 rounded-xl border bg-card p-4 shadow-sm sm:p-6">
      <h3 id={titleId} className="flex flex-wrap items-center gap-2">
        <MethodBadge method={operation.method} />
        <code className="min-w-0 font-mono text-sm font-semibold break-all sm:text-base">{operation.path}</code>
        {operation.needsKey ? null : (
          <span className="rounded-full border border-green-300 bg-green-50 px-2 py-0.5 text-xs font-medium text-green-900">
            No key needed
          </span>
        )}
      </h3>
      {operation.summary ? (
        <p className="mt-2 text-sm sm:text-base">
          <InlineText text={operation.summary} />
        </p>
      ) : null}
      {operation.description ? (
        <p className="mt-1 text-sm text-muted-foreground">
          <InlineText text={operation.description} />
        </p>
      ) : null}
      {operation.parameters.length > 0 ? <FieldList title="Parameters" rows={operation.parameters} /> : null}
      {operation.body ? (
        <FieldList
          title={`Request body (${operation.body.contentType}${operation.body.required ? "" : ", optional"})`}
          rows={operation.body.fields}
        />
      ) : null}
      {operation.responses.length > 0 ? (
        <div className="mt-5">
          <h4 className="text-sm font-semibold">Responses</h4>
          <ul className="mt-2 grid gap-1.5 text-sm">
            {operation.responses.map((response) => (
              <li key={response.code} className="flex gap-3">
                <code className={cn("w-9 shrink-0 font-mono font-semibold", codeTone(response.code))}>{response.code}</code>
                <span className="min-w-0">
                  <InlineText text={response.description} />
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <CodeSampleTabs samples={operationSamples(operation, baseUrl)} />
    </section>
  );
}
