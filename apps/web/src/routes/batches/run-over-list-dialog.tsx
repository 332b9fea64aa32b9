import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { ListChecks } from "lucide-react";
import { BATCH_CONCURRENCY, type Task } from "@errand/contract";
import { batchKeys, createBatch } from "../../api/batches";
import { FormDialog } from "../../components/ui/form-dialog";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { FormInvalid, useSubmit } from "../../components/ui/use-submit";
import { guessMapping, mappedRows, mappingProblem, startRefusal, type ColumnMapping, type ReadList } from "../../lib/batches/batch-list";
import { ColumnMappingFields } from "./column-mapping";
import { ListSource } from "./list-source";

interface RunOverListDialogProps {
  task: Pick<Task, "id" | "prompt">;
  inputs: string[];
  onClose: () => void;
}

interface Loaded {
  list: ReadList;
  from: string;
  mapping: ColumnMapping;
}

/**
 * "Run over a list" (docs/adr/0041-batches.md): rows from a file or pasted text, a column per
 * input of the prompt, the first prompts filled in, how many run at once; Start goes to the
 * batch's page. The rows are read here and sent as JSON, so what was previewed is what runs.
 */
export function RunOverListDialog({ task, inputs, onClose }: RunOverListDialogProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const concurrencyId = useId();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [concurrency, setConcurrency] = useState(String(BATCH_CONCURRENCY.default));
  const problem = loaded ? mappingProblem(loaded.list, loaded.mapping) : null;

  const submit = useSubmit({
    action: async () => {
      if (!loaded) throw new FormInvalid({ list: "Choose a file or paste the rows first." });
      const n = Number(concurrency);
      if (!Number.isInteger(n) || n < BATCH_CONCURRENCY.min || n > BATCH_CONCURRENCY.max)
        throw new FormInvalid({ concurrency: `Enter a whole number from ${BATCH_CONCURRENCY.min} to ${BATCH_CONCURRENCY.max}.` });
      if (problem) throw new FormInvalid({ mapping: problem });
      return createBatch(task.id, { rows: mappedRows(loaded.list, loaded.mapping), concurrency: n });
    },
    onSuccess: async (batch) => {
      await queryClient.invalidateQueries({ queryKey: batchKeys.ofTask(task.id) });
      queryClient.setQueryData(batchKeys.batch(batch.id), batch);
      onClose();
      await navigate(`/tasks/${task.id}/batches/${batch.id}`);
    },
    failure: (error) => ({ message: startRefusal(error), show: "form" }),
    fields: () => ({}),
  });

  return (
    <FormDialog
      onClose={onClose}
      title="Run over a list"
      description={`Each row becomes one run of this task, its values in place of ${inputs.map((i) => `{{${i}}}`).join(", ")}.`}
      label="Run over a list"
      submit={submit}
      onSubmit={() => submit.run()}
      submitLabel={loaded ? `Start ${loaded.list.rows.length.toLocaleString("en-US")} runs` : "Start"}
      submitIcon={<ListChecks className="size-4" aria-hidden="true" />}
      className="sm:max-w-2xl"
    >
      <ListSource
        onRead={(list, from) => setLoaded({ list, from, mapping: guessMapping(inputs, list.columns) })}
        onClear={() => setLoaded(null)}
      />
      {submit.errors.list ? (
        <p role="alert" className="text-sm text-destructive">
          {submit.errors.list}
        </p>
      ) : null}
      {loaded ? (
        <>
          <p className="text-sm" role="status">
            {`${loaded.list.rows.length.toLocaleString("en-US")} ${loaded.list.rows.length === 1 ? "row" : "rows"} read from ${loaded.from}, columns: ${loaded.list.columns.join(", ")}.`}
          </p>
          <ColumnMappingFields
            prompt={task.prompt}
            list={loaded.list}
            mapping={loaded.mapping}
            onChange={(mapping) => setLoaded({ ...loaded, mapping })}
            problem={problem}
          />
        </>
      ) : null}
      <FormField
        id={concurrencyId}
        label="Runs at once"
        hint={`${BATCH_CONCURRENCY.min} to ${BATCH_CONCURRENCY.max}. Until the task has a recording, the first row runs alone.`}
        error={submit.errors.concurrency}
        className="max-w-48"
      >
        <Input
          type="number"
          inputMode="numeric"
          min={BATCH_CONCURRENCY.min}
          max={BATCH_CONCURRENCY.max}
          value={concurrency}
          onChange={(event) => setConcurrency(event.target.value)}
        />
      </FormField>
    </FormDialog>
  );
}
