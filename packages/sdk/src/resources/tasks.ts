import type { ApiBody, RecordingList, Run, Task, TaskList } from "@errand/contract";
import { API_ROUTES, operationPath } from "@errand/contract/routes";
import { callOperation } from "../operation-call.ts";
import { Resource } from "./resource.ts";
import { newIdempotencyKey } from "../retry-policy.ts";
import type { CreateRunRequest, RequestOptions } from "../types.ts";

/** Tasks: saved prompts with their settings. A task is created by its first run (runs.create). */
export class Tasks extends Resource {
  /** GET /tasks: a page of 10, newest first, each with its 5 latest runs; `search` matches words of the prompt. */
  list(query: { page?: number; search?: string } = {}, options?: RequestOptions): Promise<TaskList> {
    return callOperation(this.http, "listTasks", { query }, options);
  }

  /** GET /tasks/{id}. */
  get(id: string, options?: RequestOptions): Promise<Task> {
    return callOperation(this.http, "getTask", { params: { id } }, options);
  }

  /** PATCH /tasks/{id}: changes only the fields sent; "" or null clears an optional one. */
  update(id: string, changes: ApiBody<"updateTask">, options?: RequestOptions): Promise<Task> {
    return callOperation(this.http, "updateTask", { params: { id }, body: changes }, options);
  }

  /** DELETE /tasks/{id}: the task and all its runs. */
  async delete(id: string, options?: RequestOptions): Promise<void> {
    await callOperation(this.http, "deleteTask", { params: { id } }, options);
  }

  /** GET /tasks/{id}/runs: the task's runs, newest first. */
  async runs(id: string, options?: RequestOptions): Promise<Run[]> {
    return (await callOperation(this.http, "listTaskRuns", { params: { id } }, options)).runs;
  }

  /** GET /tasks/{id}/recordings: what running the task again replays without the model, newest first. */
  recordings(id: string, options?: RequestOptions): Promise<RecordingList> {
    return callOperation(this.http, "listTaskRecordings", { params: { id } }, options);
  }

  /**
   * GET /tasks/{id}/recordings/{version}/playwright: the recording as a standalone Playwright
   * script (TypeScript; `node <file>` runs it and prints the answer), or with `form: "spec"` as a
   * test for `npx playwright test` (save it as `<name>.spec.ts`).
   */
  async recordingAsPlaywright(id: string, version: number, options?: RequestOptions & { form?: "node" | "spec" }): Promise<string> {
    const base = operationPath(API_ROUTES.exportRecordingPlaywright.path, { id, version });
    const path = options?.form ? `${base}?form=${options.form}` : base;
    const { data } = await this.http.requestBytes({ method: "GET", path, headers: { accept: "text/plain" } }, options);
    return new TextDecoder().decode(data);
  }

  /**
   * POST /tasks/{id}/runs: runs the task again (its recording is replayed when it has one: `mode`), with `settings` when given, else with the task's
   * saved ones. Resolves with the queued run. Retried safely with an Idempotency-Key.
   */
  async run(id: string, settings?: CreateRunRequest, options: RequestOptions = {}): Promise<Run> {
    const body = settings ?? settingsOf(await this.get(id, { signal: options.signal, timeoutMs: options.timeoutMs }));
    const created = await callOperation(
      this.http,
      "createTaskRun",
      { params: { id }, body },
      { ...options, idempotencyKey: options.idempotencyKey ?? newIdempotencyKey() },
    );
    return callOperation(this.http, "getRun", { params: { id: created.id } }, { signal: options.signal, timeoutMs: options.timeoutMs });
  }
}

/** A saved task's settings as a run's body (null fields left out). */
function settingsOf(task: Task): CreateRunRequest {
  return {
    prompt: task.prompt,
    model: task.model,
    provider: task.model_provider as CreateRunRequest["provider"],
    response_format: task.response_format,
    session_timeout: task.session_timeout,
    ...(task.json_schema !== null ? { json_schema: task.json_schema } : {}),
    ...(task.auth_context_id !== null ? { auth_context_id: task.auth_context_id } : {}),
    ...(task.webhook_url !== null ? { webhook_url: task.webhook_url } : {}),
    ...(task.initial_url !== null ? { initial_url: task.initial_url } : {}),
  };
}
