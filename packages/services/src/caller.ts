import { API_KEY_SCOPES, missingScopeMessage, type ApiKeyScope, type WorkspaceRole } from "@errand/contract";
import type { ServiceContext } from "./context.ts";
import { forbidden } from "./errors.ts";

/** What a caller's credentials allow: a named key's scopes (docs/adr/0035-named-api-keys-with-scopes.md). */
export type CallerScope = ApiKeyScope;

/** Everything permissions need: resolved once where a request comes in, then passed to every verb. */
export interface Caller {
  userId: string;
  /** The account's email is in ADMIN_EMAILS. */
  isAdmin: boolean;
  /** How they proved who they are: an API key, the web app's session cookie, or the CLI on this machine. */
  via: "api-key" | "session" | "local";
  /** What this caller's credentials allow: a named key's scopes; the personal key, sessions and the CLI carry all three. */
  scopes: readonly CallerScope[];
  /**
   * The workspace this call acts in: an API key's own, a session's personal workspace (its id is
   * the user's). Membership was checked where the caller was made (docs/adr/0031-workspaces-and-roles.md).
   */
  workspaceId: string;
  /** The caller's role in that workspace: what `requireRole` (workspaces/roles.ts) checks. */
  role: WorkspaceRole;
  /** A named key's id (docs/adr/0035-named-api-keys-with-scopes.md); absent for the personal key, sessions and the CLI. */
  apiKeyId?: string;
  /** The request's address (apps/server/src/http/client-ip.ts), kept in the audit log; absent outside HTTP. */
  ip?: string;
}

/** A verb called on behalf of a person. */
export interface CallerVerbArgs<Input> {
  ctx: ServiceContext;
  caller: Caller;
  input: Input;
}

/** Every scope: the personal key, sessions and the CLI. */
export const ALL_SCOPES: readonly CallerScope[] = API_KEY_SCOPES;

/** Refuses a caller whose credentials do not allow this kind of call: 403 naming the scope it lacks. */
export function requireScope(caller: Caller, scope: CallerScope): void {
  if (!caller.scopes.includes(scope)) throw forbidden(missingScopeMessage(scope));
}

/**
 * Refuses a named key: the personal key and the account's webhook secret open the personal
 * workspace with every scope, so a key limited to some scopes or to a team workspace must not
 * read or replace them. `what` says what it tried ("reveal the personal API key").
 */
export function requirePersonalCredentials(caller: Caller, what: string): void {
  if (caller.apiKeyId) throw forbidden(`A named API key cannot ${what}: use your personal key or the web app`);
}

/** Refuses a caller who is not an admin; `what` says what only admins can do ("record an automation's demo"). */
export function requireAdmin(caller: Caller, what: string): void {
  if (!caller.isAdmin) throw forbidden(`Only admins can ${what}`);
}

/** ADMIN_EMAILS holds lower-case addresses. */
export function isAdminEmail(ctx: ServiceContext, email: string): boolean {
  return ctx.config.adminEmails.includes(email.toLowerCase());
}
