import type { Account as AccountInfo, Usage } from "@errand/contract";
import type { HttpClient } from "../http-client.ts";
import type { RequestOptions } from "../types.ts";

/** The account the API key belongs to. */
export class Account {
  constructor(private readonly http: HttpClient) {}

  /** GET /account: e-mail and balance (free prompts, credits in 1/10,000 dollar, and what runs hold). */
  get(options?: RequestOptions): Promise<AccountInfo> {
    return this.http.request<AccountInfo>({ method: "GET", path: "/account" }, options);
  }

  /** GET /usage: what runs were charged per day over the last `days` (default 30), in `time_zone` (default UTC). */
  usage(query: { days?: number; time_zone?: string } = {}, options?: RequestOptions): Promise<Usage> {
    return this.http.request<Usage>({ method: "GET", path: "/usage", query }, options);
  }
}
