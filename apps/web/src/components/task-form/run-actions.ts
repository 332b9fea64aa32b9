import { useCallback } from "react";
import { useNavigate } from "react-router";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { NO_CREDITS_MESSAGE, NO_CREDITS_TITLE, TOO_MANY_RUNS_TITLE, type CreatedRun, type Task } from "@errand/contract";
import { accountQueryKey, accountQueryOptions } from "../../api/account";
import { ApiRequestError } from "../../api/http";
import { createRun, createTaskRun, runsKeys } from "../../api/runs";
import { tasksKeys, updateTask } from "../../api/tasks";
import { fieldErrorsFromServer } from "../../lib/forms/form-errors";
import { notify } from "../ui/notify";
import {
  hasNoBalance,
  toRunBody,
  toTaskUpdate,
  type TaskFormErrors,
  type TaskFormField,
  type TaskFormValues,
} from "../../lib/tasks/task-form";

const FORM_FIELDS: readonly TaskFormField[] = [
  "prompt",
  "json_schema",
  "auth_context_id",
  "initial_url",
  "webhook_url",
  "session_timeout",
  "credential_names",
  "proxy",
  "max_cost_usd",
  "max_steps",
  "tags",
];

/** The server's field messages that belong to an input of the form. */
function formErrors(error: unknown): TaskFormErrors {
  const all = fieldErrorsFromServer(error);
  const errors: TaskFormErrors = {};
  for (const field of FORM_FIELDS) if (all[field]) errors[field] = all[field];
  return errors;
}

function showNoCredits() {
  notify.error(NO_CREDITS_TITLE, NO_CREDITS_MESSAGE);
}

/**
 * A refused run says why in the server's words: no balance (the spec's toast, or how little the
 * available credits cover), or too many runs waiting. False when the error is of another kind.
 */
function showRefusal(error: unknown): boolean {
  if (!(error instanceof ApiRequestError)) return false;
  if (error.code === "spending_limit_reached") {
    notify.error("Monthly limit reached", error.serverMessage ?? "This workspace reached its monthly spending limit.");
    return true;
  }
  if (error.status === 402 || error.code === "insufficient_credits") {
    notify.error(NO_CREDITS_TITLE, error.serverMessage ?? NO_CREDITS_MESSAGE);
    return true;
  }
  if (error.code === "too_many_runs") {
    notify.error(TOO_MANY_RUNS_TITLE, error.serverMessage ?? "Too many runs are waiting. Wait for one to finish, then try again.");
    return true;
  }
  return false;
}

/** The balance cut the run's time limit: say so at once (the run page says it too). */
function noteTimeLimit(created: CreatedRun) {
  if (created.time_limit_note) notify.success("Run started", created.time_limit_note);
}

/** Spec section 5: execution is blocked when both credits and free prompts are zero or less. */
async function hasBalance(queryClient: QueryClient): Promise<boolean> {
  let account;
  try {
    account = await queryClient.fetchQuery({ ...accountQueryOptions, staleTime: 0 });
  } catch {
    notify.error("Error", "Failed to fetch user data.");
    return false;
  }
  if (hasNoBalance(account.balance)) {
    showNoCredits();
    return false;
  }
  return true;
}

function afterRunCreated(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: runsKeys.recent() });
  void queryClient.invalidateQueries({ queryKey: accountQueryKey });
  void queryClient.invalidateQueries({ queryKey: tasksKeys.all });
}

/** Create mode: check credits, send the run, go to the new task (spec section 4). */
export function useExecutePrompt() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (values: TaskFormValues): Promise<TaskFormErrors | void> => {
      if (!(await hasBalance(queryClient))) return;
      let created;
      try {
        created = await createRun(toRunBody(values));
      } catch (error) {
        if (!showRefusal(error)) notify.error("Error", "Failed to execute prompt. Please try again.");
        return formErrors(error);
      }
      afterRunCreated(queryClient);
      noteTimeLimit(created);
      await navigate(`/tasks/${created.task_id}`);
    },
    [navigate, queryClient],
  );
}

/** Edit mode: Save Task, and Save & Run (save, then a new run, then go to it). */
export function useTaskActions(task: Task | undefined) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const save = useCallback(
    async (values: TaskFormValues, quiet = false): Promise<{ ok: boolean; errors?: TaskFormErrors }> => {
      if (!task) return { ok: false };
      try {
        const saved = await updateTask(task.id, toTaskUpdate(values));
        queryClient.setQueryData(tasksKeys.task(task.id), saved);
        void queryClient.invalidateQueries({ queryKey: ["tasks", "list"] });
        if (!quiet) notify.success("Success", "Task saved successfully.");
        return { ok: true };
      } catch (error) {
        notify.error("Error", "Failed to save task");
        return { ok: false, errors: formErrors(error) };
      }
    },
    [queryClient, task],
  );

  const saveAndRun = useCallback(
    async (values: TaskFormValues): Promise<TaskFormErrors | void> => {
      if (!task) return;
      const saved = await save(values, true);
      if (!saved.ok) return saved.errors;
      if (!(await hasBalance(queryClient))) return;
      let created;
      try {
        created = await createTaskRun(task.id, toRunBody(values, { model: task.model, provider: task.model_provider }));
      } catch (error) {
        if (!showRefusal(error)) notify.error("Error", "Failed to create task run.");
        return formErrors(error);
      }
      afterRunCreated(queryClient);
      noteTimeLimit(created);
      await queryClient.invalidateQueries({ queryKey: tasksKeys.runs(task.id) });
      await navigate(`/tasks/${task.id}/task-runs/${created.id}`);
    },
    [navigate, queryClient, save, task],
  );

  return { save, saveAndRun };
}
