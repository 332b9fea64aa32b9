import { z } from "zod";
import { apiErrorSchema } from "../errors.ts";
import {
  authContextSchema,
  authSessionSchema,
  createAuthContextSchema,
  createAuthSessionSchema,
  replaceAuthContextStateSchema,
} from "../auth-contexts.ts";
import { commonErrors, idParam, jsonBody, jsonContent, operation } from "./describe.ts";

const tags = ["Auth contexts"];
const unavailable = { 503: jsonContent(apiErrorSchema, "This server has no browser for live sessions") };
const tooMany = { 429: jsonContent(apiErrorSchema, "Too many sessions open at once") };

export const authContextListSchema = z.object({ auth_contexts: z.array(authContextSchema) });

export const authContextOperations = {
  listAuthContexts: operation("listAuthContexts", {
    tags,
    summary: "Your saved logins, by name (their saved state is never returned)",
    responses: { 200: jsonContent(authContextListSchema, "The saved logins"), ...commonErrors },
  }),
  getAuthContext: operation("getAuthContext", {
    tags,
    summary: "One saved login (without its saved state)",
    request: { params: idParam },
    responses: { 200: jsonContent(authContextSchema, "The saved login"), ...commonErrors },
  }),
  deleteAuthContext: operation("deleteAuthContext", {
    tags,
    summary: "Delete a saved login",
    request: { params: idParam },
    responses: { 204: { description: "Deleted" }, ...commonErrors },
  }),
  openLoginSession: operation("openLoginSession", {
    tags,
    summary: "Open a live browser on the site to log in to",
    description:
      "Opens a browser on the first URL and returns `debug_url`: the live viewer (with a short-lived token, see `expires_at`) to show in an iframe or open in a browser. The person logs in there; then save it with POST /auth-contexts. Sessions close after a while without input and after a maximum lifetime.",
    request: { body: jsonBody(createAuthSessionSchema) },
    responses: { 201: jsonContent(authSessionSchema, "The session is open"), ...tooMany, ...unavailable, ...commonErrors },
  }),
  closeLoginSession: operation("closeLoginSession", {
    tags,
    summary: "Close a live login browser without saving",
    request: { params: idParam },
    responses: { 204: { description: "Closed" }, ...unavailable, ...commonErrors },
  }),
  createAuthContext: operation("createAuthContext", {
    tags,
    summary: "Save the login made in a live session",
    description:
      "Saves the session's cookies and local storage for the sites of `urls` (encrypted with AES-256-GCM), then closes the session. Runs given this auth context start logged in.",
    request: { body: jsonBody(createAuthContextSchema) },
    responses: { 201: jsonContent(authContextSchema, "The saved login"), ...unavailable, ...commonErrors },
  }),
  openRelogInSession: operation("openRelogInSession", {
    tags,
    summary: "Log in again: open a live browser on a saved login",
    description:
      "Opens a browser on the saved login's first URL with its saved cookies and local storage loaded, and returns `debug_url` like POST /auth-contexts/sessions. The person logs in afresh there; then PUT /auth-contexts/{id}/state replaces the saved login (same id: tasks that use it need no change).",
    request: { params: idParam },
    responses: { 201: jsonContent(authSessionSchema, "The session is open"), ...tooMany, ...unavailable, ...commonErrors },
  }),
  replaceAuthContextState: operation("replaceAuthContextState", {
    tags,
    summary: "Replace a saved login with the one made in a live session",
    description:
      "Saves the session's cookies and local storage for the saved login's sites in place of the old ones (encrypted with AES-256-GCM), then closes the session. A session opened to log in again to another saved login is refused (404).",
    request: { params: idParam, body: jsonBody(replaceAuthContextStateSchema) },
    responses: { 200: jsonContent(authContextSchema, "The saved login, updated"), ...unavailable, ...commonErrors },
  }),
};
