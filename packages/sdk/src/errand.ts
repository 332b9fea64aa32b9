import type { CreatedRun } from "@errand/contract";
import { HttpClient } from "./http-client.ts";
import { Account } from "./resources/account.ts";
import { AuthContexts } from "./resources/auth-contexts.ts";
import { Batches } from "./resources/batches.ts";
import { Evaluations } from "./resources/evaluations.ts";
import { Automations } from "./resources/automations.ts";
import { Files } from "./resources/files.ts";
import { Runs } from "./resources/runs.ts";
import { Tasks } from "./resources/tasks.ts";
import { Workspaces } from "./resources/workspaces.ts";
import { jsonSchemaFor, withResultData } from "./run-result.ts";
import { newIdempotencyKey } from "./retry-policy.ts";
import { linkedController } from "./signals.ts";
import type { ErrandOptions, FinishedRun, RunOptions } from "./types.ts";

const DEFAULT_BASE_URL = "http://localhost:3000";

/**
 * The Errand API client. `new Errand({ apiKey, baseUrl })`; both default to the ERRAND_API_KEY
 * and ERRAND_URL environment variables where the runtime has them (Node, Deno, Bun).
 */
export class Errand {
  readonly baseUrl: string;
  readonly runs: Runs;
  readonly tasks: Tasks;
  readonly batches: Batches;
  readonly evaluations: Evaluations;
  readonly authContexts: AuthContexts;
  readonly automations: Automations;
  readonly files: Files;
  readonly account: Account;
  readonly workspaces: Workspaces;

  constructor(options: ErrandOptions = {}) {
    this.baseUrl = (options.baseUrl ?? env("ERRAND_URL") ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
    const fetchImpl = options.fetch ?? globalThis.fetch;
    if (typeof fetchImpl !== "function") throw new TypeError("No fetch in this runtime: pass one as options.fetch");
    const http = new HttpClient({
      apiKey: options.apiKey ?? env("ERRAND_API_KEY"),
      baseUrl: this.baseUrl,
      // Called unbound: some runtimes' fetch refuses another `this`.
      fetch: (input, init) => fetchImpl(input, init),
      timeoutMs: options.timeoutMs ?? 60_000,
      maxRetries: options.maxRetries ?? 2,
      userAgent: options.userAgent,
    });
    this.runs = new Runs(http);
    this.tasks = new Tasks(http);
    this.batches = new Batches(http);
    this.evaluations = new Evaluations(http);
    this.authContexts = new AuthContexts(http);
    this.automations = new Automations(http);
    this.files = new Files(http);
    this.account = new Account(http);
    this.workspaces = new Workspaces(http);
  }

  /**
   * Runs a prompt and resolves with the ended run (whatever its status). With a `schema` the run
   * asks for JSON (its JSON schema from schema.toJSONSchema() unless json_schema is given) and
   * `data` is the validated result; with response_format "json" alone `data` is the parsed JSON;
   * else the result text. `timeoutMs` bounds the wait (the run is then cancelled); `signal`
   * aborts it (the run is cancelled too).
   */
  async run<T = unknown>(prompt: string, options: RunOptions<T> = {}): Promise<FinishedRun<T>> {
    const { schema, onStep, signal, timeoutMs, pollIntervalMs, idempotencyKey, ...settings } = options;
    const json_schema = jsonSchemaFor(schema as RunOptions<unknown>["schema"], settings.json_schema);
    const body = {
      ...settings,
      prompt,
      ...(json_schema !== undefined ? { json_schema } : {}),
      ...(schema ? { response_format: "json" as const } : {}),
    };
    // From the moment the run may exist, giving up cancels it.
    const key = idempotencyKey ?? newIdempotencyKey();
    const abortedBefore = signal?.aborted ?? false;
    let created: CreatedRun;
    try {
      created = await this.runs.start(body, { signal, idempotencyKey: key });
    } catch (error) {
      // Aborted while the creation was on its way: the server may have made the run. Sent again
      // with the same Idempotency-Key, the creation answers with that run (or makes it now), and
      // it is cancelled, so an abort never leaves a run going.
      if (signal?.aborted && !abortedBefore) await this.cancelCreation(body, key);
      throw error;
    }
    try {
      const ended = await this.runs.wait(created.id, { signal, timeoutMs, onStep, pollIntervalMs });
      return withResultData(ended, schema);
    } catch (error) {
      // Nobody waits for it any more: do not let it spend the account's time and credits.
      if (signal?.aborted || (timeoutMs !== undefined && isTimeout(error))) await this.cancelQuietly(created.id);
      throw error;
    }
  }

  private async cancelCreation(body: Parameters<Runs["start"]>[0], idempotencyKey: string): Promise<void> {
    const { controller, release } = linkedController();
    const timer = setTimeout(() => controller.abort(), 10_000);
    const created = await this.runs.start(body, { signal: controller.signal, idempotencyKey }).catch(() => undefined);
    clearTimeout(timer);
    release();
    if (created) await this.cancelQuietly(created.id);
  }

  private async cancelQuietly(id: string): Promise<void> {
    const { controller, release } = linkedController();
    const timer = setTimeout(() => controller.abort(), 10_000);
    await this.runs.cancel(id, { signal: controller.signal }).catch(() => undefined);
    clearTimeout(timer);
    release();
  }
}

const isTimeout = (error: unknown) => (error as Error)?.name === "ErrandTimeoutError";

/** An environment variable where the runtime has them; undefined in browsers (and when Deno denies access). */
function env(name: string): string | undefined {
  try {
    const process = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process;
    const value = process?.env?.[name];
    return value ? value : undefined;
  } catch {
    return undefined;
  }
}
