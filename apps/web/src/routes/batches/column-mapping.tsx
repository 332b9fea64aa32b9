import { useId } from "react";
import { fillPrompt } from "@errand/contract";
import { FormField } from "../../components/ui/form-field";
import { NativeSelect } from "../../components/ui/select";
import { mappedRows, type ColumnMapping, type ReadList } from "../../lib/batches/batch-list";

/** Prompts shown filled in before the batch starts. */
const PREVIEWED = 3;

interface ColumnMappingProps {
  prompt: string;
  list: ReadList;
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
  /** Why the batch cannot start as mapped (an input without a column, an empty value), or null. */
  problem: string | null;
}

/** A column per input of the prompt (guessed by name), the optional key column, and the first prompts filled in. */
export function ColumnMappingFields({ prompt, list, mapping, onChange, problem }: ColumnMappingProps) {
  const baseId = useId();
  const problemId = `${baseId}-problem`;
  const keyId = `${baseId}-key`;
  const preview = mappedRows({ ...list, rows: list.rows.slice(0, PREVIEWED) }, mapping).map((row) => fillPrompt(prompt, row));
  return (
    <div className="grid gap-4">
      <fieldset className="grid gap-3" aria-describedby={problem ? problemId : undefined}>
        <legend className="mb-2 text-sm font-medium">Columns for the prompt's inputs</legend>
        {Object.entries(mapping.inputs).map(([input, column], i) => (
          <FormField key={input} id={`${baseId}-input-${i}`} label={`{{${input}}}`}>
            <NativeSelect
              value={column}
              onChange={(event) => onChange({ ...mapping, inputs: { ...mapping.inputs, [input]: event.target.value } })}
            >
              <option value="">Choose a column</option>
              <ColumnOptions columns={list.columns} />
            </NativeSelect>
          </FormField>
        ))}
        <FormField id={keyId} label="Idempotency key column (optional)" hint="A row whose key was already run is not run twice.">
          <NativeSelect value={mapping.key} onChange={(event) => onChange({ ...mapping, key: event.target.value })}>
            <option value="">None</option>
            <ColumnOptions columns={list.columns} />
          </NativeSelect>
        </FormField>
      </fieldset>
      {problem ? (
        <p id={problemId} role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : (
        <section aria-labelledby={`${baseId}-preview`} className="grid gap-2">
          <h3 id={`${baseId}-preview`} className="text-sm font-medium">
            Preview of the first {Math.min(PREVIEWED, list.rows.length)} prompts
          </h3>
          <ol className="grid gap-2">
            {preview.map((filled, i) => (
              <li key={i} className="rounded-md border bg-muted/40 p-2 text-sm break-words whitespace-pre-wrap">
                {filled}
              </li>
            ))}
          </ol>
        </section>
      )}
    </div>
  );
}

/** The list's columns as a select's options. */
function ColumnOptions({ columns }: { columns: readonly string[] }) {
  return columns.map((c) => (
    <option key={c} value={c}>
      {c}
    </option>
  ));
}
