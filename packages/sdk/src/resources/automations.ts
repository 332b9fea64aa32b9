import type { Automation, AutomationFacets, AutomationListQuery, AutomationSummary } from "@errand/contract";
import type { HttpClient } from "../http-client.ts";
import { callOperation } from "../operation-call.ts";
import type { RequestOptions } from "../types.ts";

/** The public marketplace of ready-made automations (no API key needed). */
export class Automations {
  private readonly http: HttpClient;
  constructor(http: HttpClient) {
    this.http = http;
  }

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
}
