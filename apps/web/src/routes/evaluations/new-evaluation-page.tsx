import { Link } from "react-router";
import { Play } from "lucide-react";
import { DEFAULT_MODEL, EVALUATION_LIMITS } from "@errand/contract";
import { AppPage } from "../../components/layout/app-page";
import { BusyButton } from "../../components/ui/busy-button";
import { Button } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { cn } from "../../components/ui/cn";
import { Form, FormMessage } from "../../components/ui/form";
import { FormField, FormFieldset } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { RoleNote } from "../../workspaces/role-note";
import { useCan } from "../../workspaces/use-workspace-allows";
import { ModelsField } from "./models-field";
import { SuiteBuilderFields } from "./suite-builder-fields";
import { SuiteTextField } from "./suite-text-field";
import { useNewEvaluation, type SuiteSource } from "./use-new-evaluation";

const SOURCES: { value: SuiteSource; label: string }[] = [
  { value: "text", label: "Paste or upload" },
  { value: "form", label: "Build it here" },
];

/** /evaluations/new: a suite pasted, uploaded or built case by case, the models to compare, and Start. */
export function NewEvaluationPage() {
  const canRun = useCan("run");
  return (
    <AppPage
      title="New evaluation"
      description="Each case runs once with each model, as an ordinary run: charged and limited like any other."
      className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6 sm:py-10"
    >
      {canRun ? <NewEvaluationForm /> : <RoleNote operation="run" what="start evaluations" className="mt-6" />}
    </AppPage>
  );
}

function NewEvaluationForm() {
  const form = useNewEvaluation();
  const { start } = form;
  return (
    <Card className="mt-6">
      <CardContent className="p-4 sm:p-6">
        <Form submit={start} onSubmit={() => start.run()} className="grid gap-6" aria-label="New evaluation">
          <SourceChoice value={form.source} onChange={form.setSource} />
          {form.source === "text" ? (
            <SuiteTextField value={form.text} onChange={form.setText} error={start.errors.suite} />
          ) : (
            <SuiteBuilderFields
              name={form.name}
              onName={form.setName}
              cases={form.cases}
              onCases={form.setCases}
              maxCases={EVALUATION_LIMITS.maxCases}
              errors={form.draftErrors}
            />
          )}
          <ModelsField
            id="evaluation-models"
            value={form.models}
            onChange={form.setModels}
            max={EVALUATION_LIMITS.maxModels}
            hint={
              form.source === "text"
                ? `These replace the suite's own models. With none here, the suite's are used, else ${DEFAULT_MODEL}.`
                : `Each case runs once with each model. With none, ${DEFAULT_MODEL}.`
            }
          />
          {form.source === "form" ? (
            <FormField
              id="evaluation-concurrency"
              label="Runs at once"
              hint={`From ${EVALUATION_LIMITS.concurrency.min} to ${EVALUATION_LIMITS.concurrency.max}. More finishes sooner; each run still counts toward your pending-run limit.`}
              error={start.errors.concurrency}
              className="max-w-48"
            >
              <Input
                type="number"
                inputMode="numeric"
                min={EVALUATION_LIMITS.concurrency.min}
                max={EVALUATION_LIMITS.concurrency.max}
                value={form.concurrency}
                onChange={(event) => form.setConcurrency(event.target.value)}
              />
            </FormField>
          ) : null}
          <FormMessage message={start.formError} className="whitespace-pre-line [overflow-wrap:anywhere]" />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button asChild variant="outline">
              <Link to="/evaluations">Cancel</Link>
            </Button>
            <BusyButton type="submit" busy={start.busy} icon={<Play aria-hidden="true" />} busyLabel="Starting…">
              Start evaluation
            </BusyButton>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}

/** Paste or upload, or Build it here: two segments of one radio group. */
function SourceChoice({ value, onChange }: { value: SuiteSource; onChange: (source: SuiteSource) => void }) {
  return (
    <FormFieldset id="evaluation-source" legend="Suite">
      <div className="inline-flex w-fit max-w-full rounded-md border bg-muted p-1">
        {SOURCES.map((source) => (
          <label
            key={source.value}
            className={cn(
              "cursor-pointer rounded px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring sm:px-4",
              value === source.value && "bg-background text-foreground shadow-sm",
            )}
          >
            <input
              type="radio"
              name="evaluation-source"
              value={source.value}
              checked={value === source.value}
              onChange={() => onChange(source.value)}
              className="sr-only"
            />
            {source.label}
          </label>
        ))}
      </div>
    </FormFieldset>
  );
}
