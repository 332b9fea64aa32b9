import type { HttpClient, Query } from "../http-client.ts";
import type { RequestOptions } from "../types.ts";

/** What each part of the client (runs, tasks, batches, ...) stands on: the client's HTTP. */
export abstract class Resource {
  protected readonly http: HttpClient;
  constructor(http: HttpClient) {
    this.http = http;
  }

  /** GET `path` with `format=csv` (the reports that answer JSON or CSV): the CSV file's text. */
  protected async csvText(path: string, query: Query = {}, options?: RequestOptions): Promise<string> {
    const request = { method: "GET" as const, path, query: { ...query, format: "csv" }, headers: { accept: "text/csv" } };
    const { data } = await this.http.requestBytes(request, options);
    return new TextDecoder().decode(data);
  }
}
