import { API_ROUTES } from "@errand/contract/routes";
import type { Account as AccountInfo, ApiQuery, Usage } from "@errand/contract";
import type { Query } from "../http-client.ts";
import { callOperation } from "../operation-call.ts";
import { Resource } from "./resource.ts";
import type { RequestOptions } from "../types.ts";

/** The account the API key belongs to. */
export class Account extends Resource {
  /** GET /account: e-mail and balance (free prompts, credits in 1/10,000 dollar, and what runs hold). */
  get(options?: RequestOptions): Promise<AccountInfo> {
    return callOperation(this.http, "getAccount", {}, options);
  }

  /**
   * DELETE /account: deletes the account, its personal workspace and everything in it; what it
   * made in team workspaces stays there (docs/adr/0040-team-workspaces-outlive-their-members.md).
   * Only with the personal key: a named key gets an ErrandError with status 403. While the account
   * is a team workspace's last owner, an ErrandError with status 409 whose message names the workspace.
   */
  async delete(options?: RequestOptions): Promise<void> {
    await callOperation(this.http, "deleteAccount", {}, options);
  }

  /**
   * GET /usage: what runs were charged per day over the last `days` (default 30), in `time_zone`
   * (default UTC); with `group_by` "member", "api_key", "tag" or "failure_kind", also per group (`groups`).
   */
  usage(query: Omit<ApiQuery<"getUsage">, "format"> = {}, options?: RequestOptions): Promise<Usage> {
    return callOperation(this.http, "getUsage", { query }, options);
  }

  /** GET /usage?format=csv: the same rows as a CSV file's text (a header row, RFC 4180), e.g. for a spreadsheet. */
  async usageCsv(query: Omit<ApiQuery<"getUsage">, "format"> = {}, options?: RequestOptions): Promise<string> {
    return this.csvText(API_ROUTES.getUsage.path, query as Query, options);
  }
}
