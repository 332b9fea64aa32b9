import { ApiRequestError } from "./api-request-error";
import { takeEmbeddedResponse } from "./embedded-responses";
import { currentWorkspaceId, WORKSPACE_HEADER, workspaceLost } from "../workspaces/current-workspace";

export { ApiRequestError, type ApiFieldError } from "./api-request-error";

/** Anything with a zod-like `parse`, so callers pass contract schemas directly. */
export interface Parser<T> {
  parse(data: unknown): T;
}

interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  /** A body sent as it is, with its media type (a YAML file), instead of `body` as JSON. */
  text?: { body: string; type: string };
  signal?: AbortSignal;
  /** The browser's HTTP cache mode (default: the browser's own). */
  cache?: RequestCache;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The error-body schema needs zod, so it is loaded only when a request fails:
 * this keeps zod out of the entry chunk.
 */
async function toRequestError(status: number, body: unknown): Promise<ApiRequestError> {
  try {
    const { toRequestError: parse } = await import("./error-body");
    return parse(status, body);
  } catch {
    return new ApiRequestError(status);
  }
}

/**
 * The one fetch wrapper: same origin, cookies included, JSON in and out.
 * Throws ApiRequestError on a non-OK status; network failures throw as fetch does.
 */
export async function apiRequest<T>(path: string, parser: Parser<T>, options: RequestOptions = {}): Promise<T> {
  const { method = "GET", body, text, signal, cache } = options;
  if (method === "GET") {
    const embedded = takeEmbeddedResponse(path);
    if (embedded !== undefined) return parser.parse(embedded);
  }
  const workspaceId = currentWorkspaceId();
  const response = await fetch(path, {
    method,
    credentials: "include",
    headers: {
      Accept: "application/json",
      ...(text ? { "Content-Type": text.type } : body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(workspaceId ? { [WORKSPACE_HEADER]: workspaceId } : {}),
    },
    body: text ? text.body : body === undefined ? undefined : JSON.stringify(body),
    signal,
    cache,
  });
  const data = await readJson(response);
  if (!response.ok) {
    const error = await toRequestError(response.status, data);
    // The chosen workspace is gone (the person was removed, or it was deleted): back to personal.
    if (workspaceId && response.status === 404 && error.message === "Workspace not found") workspaceLost(workspaceId);
    throw error;
  }
  if (data === undefined) throw new Error(`Expected JSON from ${path}`);
  return parser.parse(data);
}

/** For endpoints whose answer body is not used. */
export const ignoreBody: Parser<void> = { parse: () => undefined };

/** A GET whose answer is a file (text/csv): its text and the name Content-Disposition gives, with the same workspace and errors as apiRequest. */
export async function apiFileText(path: string): Promise<{ text: string; fileName: string | null }> {
  const workspaceId = currentWorkspaceId();
  const response = await fetch(path, { credentials: "include", headers: workspaceId ? { [WORKSPACE_HEADER]: workspaceId } : {} });
  if (!response.ok) throw await toRequestError(response.status, await readJson(response));
  const disposition = response.headers.get("content-disposition") ?? "";
  return { text: await response.text(), fileName: /filename="([^"]+)"/.exec(disposition)?.[1] ?? null };
}
