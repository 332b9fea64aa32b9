import type { Account as AccountInfo, ApiQuery, Usage } from "@errand/contract";
import type { HttpClient } from "../http-client.ts";
import { callOperation } from "../operation-call.ts";
import type { RequestOptions } from "../types.ts";

/** The account the API key belongs to. */
export class Account {
  private readonly http: HttpClient;
  constructor(http: HttpClient) {
    this.http = http;
  }

  /** GET /account: e-mail and balance (free prompts, credits in 1/10,000 dollar, and what runs hold). */
  get(options?: RequestOptions): Promise<AccountInfo> {
    return callOperation(this.http, "getAccount", {}, options);
  }

  /** GET /usage: what runs were charged per day over the last `days` (default 30), in `time_zone` (default UTC). */
  usage(query: ApiQuery<"getUsage"> = {}, options?: RequestOptions): Promise<Usage> {
    return callOperation(this.http, "getUsage", { query }, options);
  }
}
