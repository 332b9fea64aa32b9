import { useState } from "react";
import { useNavigate } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { DEFAULT_MODEL, EVALUATION_LIMITS, type EvaluationDetail } from "@errand/contract";
import { createEvaluation, createEvaluationFromYaml, evaluationKeys } from "../../api/evaluations";
import { ApiRequestError } from "../../api/http";
import { notify } from "../../components/ui/notify";
import { FormInvalid, useSubmit } from "../../components/ui/use-submit";
import { buildSuite, emptyCase, suiteRefusal, suiteTextFormat, type CaseDraft, type SuiteDraftErrors } from "./suite-draft";

/** Where the suite comes from: pasted or uploaded text, or built case by case in the form. */
export type SuiteSource = "text" | "form";

const noErrors: SuiteDraftErrors = { cases: {} };

/**
 * The New evaluation form's state and its start: the suite (text or built), the models and the
 * concurrency. A refused suite is said in the server's words with each field's place.
 */
export function useNewEvaluation() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [source, setSource] = useState<SuiteSource>("text");
  const [text, setText] = useState("");
  const [name, setName] = useState("");
  const [cases, setCases] = useState<CaseDraft[]>(() => [emptyCase()]);
  const [models, setModels] = useState<string[]>([DEFAULT_MODEL]);
  const [concurrency, setConcurrency] = useState(String(EVALUATION_LIMITS.concurrency.default));
  const [draftErrors, setDraftErrors] = useState<SuiteDraftErrors>(noErrors);

  const start = useSubmit({
    action: () => send({ source, text, name, cases, models, concurrency }, setDraftErrors),
    onSuccess: async (evaluation: EvaluationDetail) => {
      queryClient.setQueryData(evaluationKeys.one(evaluation.id), evaluation);
      void queryClient.invalidateQueries({ queryKey: evaluationKeys.list() });
      notify.success("Evaluation started", `${evaluation.total_cells} runs: each case with each model.`);
      await navigate(`/evaluations/${evaluation.id}`);
    },
    failure: (error) =>
      error instanceof ApiRequestError && error.status === 400
        ? { message: suiteRefusal(error.serverMessage, error.fields), show: "form" }
        : { message: "The evaluation could not be started. Please try again.", apiMessage: true, show: "form" },
    // The server's fields are listed in the form's message, where a pasted suite's lines are named.
    fields: () => ({}),
  });

  return {
    source,
    setSource,
    text,
    setText,
    name,
    setName,
    cases,
    setCases,
    models,
    setModels,
    concurrency,
    setConcurrency,
    draftErrors,
    start,
  };
}

interface Draft {
  source: SuiteSource;
  text: string;
  name: string;
  cases: CaseDraft[];
  models: string[];
  concurrency: string;
}

/** Checks what the form can, then sends the suite: JSON as an object, YAML as it was written. */
async function send(draft: Draft, showErrors: (errors: SuiteDraftErrors) => void): Promise<EvaluationDetail> {
  const models = draft.models.length > 0 ? draft.models : undefined;
  if (draft.source === "text") {
    showErrors(noErrors);
    if (!draft.text.trim()) throw new FormInvalid({ suite: "Paste a suite or upload a file" });
    if (suiteTextFormat(draft.text) === "yaml") return createEvaluationFromYaml(draft.text, draft.models);
    return createEvaluation({ suite: JSON.parse(draft.text) as never, models });
  }
  const built = buildSuite(draft.name, draft.cases);
  const concurrency = Number(draft.concurrency);
  const { min, max } = EVALUATION_LIMITS.concurrency;
  const concurrencyWrong = !Number.isInteger(concurrency) || concurrency < min || concurrency > max;
  showErrors("errors" in built ? built.errors : noErrors);
  if ("errors" in built || concurrencyWrong)
    throw new FormInvalid({
      ...(concurrencyWrong ? { concurrency: `Enter a whole number from ${min} to ${max}` } : {}),
      // The builder's own messages are at its fields (draftErrors); this counts the refusal, so focus goes to the first.
      ...("errors" in built ? { builder: "Some fields need fixing" } : {}),
    });
  return createEvaluation({ suite: { ...built.suite, concurrency }, models });
}
