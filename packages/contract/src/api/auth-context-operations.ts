import { z } from "zod";
import { apiErrorSchema } from "../errors.ts";
import {
  authContextSchema,
  authSessionSchema,
  createAuthContextSchema,
  createAuthSessionSchema,
  replaceAuthContextStateSchema,
} from "../auth-contexts.ts";
import { byId, idParam, created, jsonBody, jsonContent, noContent, ok } from "./describe.ts";
import { resource } from "./resource.ts";

const unavailable = { 503: jsonContent(apiErrorSchema, "This server has no browser for live sessions") };
const tooMany = { 429: jsonContent(apiErrorSchema, "Too many sessions open at once") };

export const authContextListSchema = z.object({ auth_contexts: z.array(authContextSchema) });

const authContext = resource(["Auth contexts"], authContextSchema);

export const authContextOperations = {
  listAuthContexts: authContext.list("listAuthContexts", authContextListSchema, {
    summary: "Your saved logins, by name (their saved state is never returned)",
    answer: "The saved logins",
  }),
  getAuthContext: authContext.get("getAuthContext", { summary: "One saved login (without its saved state)", answer: "The saved login" }),
  deleteAuthContext: authContext.delete("deleteAuthContext", { summary: "Delete a saved login" }),
  openLoginSession: authContext.op("openLoginSession", {
    summary: "Open a live browser on the site to log in to",
    description:
      "Opens a browser on the first URL and returns `debug_url`: the live viewer (with a short-lived token, see `expires_at`) to show in an iframe or open in a browser. The person logs in there; then save it with POST /auth-contexts. Sessions close after a while without input and after a maximum lifetime.",
    request: { body: jsonBody(createAuthSessionSchema) },
    responses: created(authSessionSchema, "The session is open", { ...tooMany, ...unavailable }),
  }),
  closeLoginSession: authContext.op("closeLoginSession", {
    summary: "Close a live login browser without saving",
    request: byId,
    responses: noContent("Closed", unavailable),
  }),
  createAuthContext: authContext.op("createAuthContext", {
    summary: "Save the login made in a live session",
    description:
      "Saves the session's cookies and local storage for the sites of `urls` (encrypted with AES-256-GCM), then closes the session. Runs given this auth context start logged in.",
    request: { body: jsonBody(createAuthContextSchema) },
    responses: created(authContextSchema, "The saved login", unavailable),
  }),
  openRelogInSession: authContext.op("openRelogInSession", {
    summary: "Log in again: open a live browser on a saved login",
    description:
      "Opens a browser on the saved login's first URL with its saved cookies and local storage loaded, and returns `debug_url` like POST /auth-contexts/sessions. The person logs in afresh there; then PUT /auth-contexts/{id}/state replaces the saved login (same id: tasks that use it need no change).",
    request: byId,
    responses: created(authSessionSchema, "The session is open", { ...tooMany, ...unavailable }),
  }),
  replaceAuthContextState: authContext.op("replaceAuthContextState", {
    summary: "Replace a saved login with the one made in a live session",
    description:
      "Saves the session's cookies and local storage for the saved login's sites in place of the old ones (encrypted with AES-256-GCM), then closes the session. A session opened to log in again to another saved login is refused (404).",
    request: { params: idParam, body: jsonBody(replaceAuthContextStateSchema) },
    responses: ok(authContextSchema, "The saved login, updated", unavailable),
  }),
};
