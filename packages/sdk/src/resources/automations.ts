import type { Automation, AutomationFacets, AutomationListQuery, AutomationRun, AutomationSummary } from "@errand/contract";
import { callOperation } from "../operation-call.ts";
import { Resource } from "./resource.ts";
import { newIdempotencyKey } from "../retry-policy.ts";
import type { RequestOptions, RunAutomationRequest } from "../types.ts";

/** The public marketplace of ready-made automations (reading it needs no API key; running one does). */
export class Automations extends Resource {
  /** GET /automations: by title; every filter optional. */
  async list(query: AutomationListQuery = {}, options?: RequestOptions): Promise<AutomationSummary[]> {
    return (await callOperation(this.http, "listAutomations", { query }, options)).automations;
  }

  /** GET /automations/{slug}: one automation with the task settings to run it with. */
  get(slug: string, options?: RequestOptions): Promise<Automation> {
    return callOperation(this.http, "getAutomation", { params: { slug } }, options);
  }

  /** GET /automations/facets: category and application counts. */
  facets(options?: RequestOptions): Promise<AutomationFacets> {
    return callOperation(this.http, "getAutomationFacets", {}, options);
  }

  /**
   * POST /automations/{slug}/runs: queues a run of the automation with its prompt and settings,
   * each one given in `body` instead; resolves as soon as it is queued (its id, task, status, time
   * limit, and a `note` when it needs a saved login none was given). Follow it with
   * `errand.runs.wait(id)`. Retried safely: an Idempotency-Key is generated when none is given.
   */
  run(slug: string, body: RunAutomationRequest = {}, options: RequestOptions = {}): Promise<AutomationRun> {
    const idempotencyKey = options.idempotencyKey ?? newIdempotencyKey();
    return callOperation(this.http, "runAutomation", { params: { slug }, body }, { ...options, idempotencyKey });
  }
}
