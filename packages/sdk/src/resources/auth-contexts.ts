import type { AuthContext } from "@errand/contract";
import type { HttpClient } from "../http-client.ts";
import type { RequestOptions } from "../types.ts";

/** Auth contexts: saved logins a run can start signed in with (auth_context_id). Made in the web app. */
export class AuthContexts {
  constructor(private readonly http: HttpClient) {}

  /** GET /auth-contexts: your saved logins by name (never their saved state). */
  async list(options?: RequestOptions): Promise<AuthContext[]> {
    return (await this.http.request<{ auth_contexts: AuthContext[] }>({ method: "GET", path: "/auth-contexts" }, options)).auth_contexts;
  }

  /** GET /auth-contexts/{id}. */
  get(id: string, options?: RequestOptions): Promise<AuthContext> {
    return this.http.request<AuthContext>({ method: "GET", path: `/auth-contexts/${encodeURIComponent(id)}` }, options);
  }

  /** DELETE /auth-contexts/{id}. */
  async delete(id: string, options?: RequestOptions): Promise<void> {
    await this.http.request<void>({ method: "DELETE", path: `/auth-contexts/${encodeURIComponent(id)}` }, options);
  }
}
