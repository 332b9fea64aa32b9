import type { AuthContext } from "@errand/contract";
import { callOperation } from "../operation-call.ts";
import { Resource } from "./resource.ts";
import type { RequestOptions } from "../types.ts";

/** Auth contexts: saved logins a run can start signed in with (auth_context_id). Made in the web app. */
export class AuthContexts extends Resource {
  /** GET /auth-contexts: your saved logins by name (never their saved state). */
  async list(options?: RequestOptions): Promise<AuthContext[]> {
    return (await callOperation(this.http, "listAuthContexts", {}, options)).auth_contexts;
  }

  /** GET /auth-contexts/{id}. */
  get(id: string, options?: RequestOptions): Promise<AuthContext> {
    return callOperation(this.http, "getAuthContext", { params: { id } }, options);
  }

  /** DELETE /auth-contexts/{id}. */
  async delete(id: string, options?: RequestOptions): Promise<void> {
    await callOperation(this.http, "deleteAuthContext", { params: { id } }, options);
  }
}
