import { API_V1_PREFIX, operationPath, type ApiOperationId } from "@errand/contract";
import { expect } from "vitest";
import { json, type TestApp } from "../../../../testing/test-app.ts";
import { expectedOutcome, type Outcome, type Permission } from "./expected-outcome.ts";
import type { MatrixCaller, Team } from "./matrix-callers.ts";

/** One operation as the served OpenAPI document (openapi-document.ts) describes it. */
export interface DocumentedOperation {
  id: ApiOperationId;
  method: string;
  path: string;
  /** Its success status: 200, 201 or 204. */
  success: number;
  public: boolean;
}

/** Every operation of the API, read from the document the server serves: a new route is in it, and so needs a row. */
export async function documentedOperations(t: TestApp): Promise<Map<ApiOperationId, DocumentedOperation>> {
  type Described = { operationId: ApiOperationId; responses: Record<string, unknown>; security?: unknown[] };
  const document = (await json(await t.app.request(`${API_V1_PREFIX}/openapi.json`))) as {
    paths: Record<string, Record<string, Described>>;
  };
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, described]): DocumentedOperation => {
      const success = Object.keys(described.responses)
        .map(Number)
        .find((s) => s >= 200 && s < 300);
      return { id: described.operationId, method: method.toUpperCase(), path, success: success!, public: described.security?.length === 0 };
    }),
  );
  return new Map(operations.map((o) => [o.id, o]));
}

/** The call one cell makes: path parameters, query string and JSON body. */
export interface Call {
  params?: Record<string, string>;
  query?: string;
  body?: unknown;
  /** Credentials sent instead of the caller's: a throwaway with the same rights, where the call would spend the caller's own. */
  as?: Record<string, string>;
}

/** One row of the matrix: who may call the operation, and how to call it. */
export interface MatrixRow<W> extends Permission {
  /**
   * The call for one cell. `allowed`: the cell's call is to succeed; a row whose call destroys
   * its target makes a throwaway one for it, and leaves the world's own for refused calls.
   */
  call(world: W, cell: { caller: MatrixCaller; allowed: boolean }): Call | Promise<Call>;
  /** What an allowed call answers on this test server when not the operation's success status (no live browsers, no card provider). */
  answers?: number;
  /** A path the owner reads before and after the refused calls: they must leave it unchanged. */
  watch?: (world: W) => string;
  /** Whether the call names the team or its resources; default: it has an id in its path. */
  targetsTeam?: boolean;
  /**
   * The server answers `answers` before it looks for the target (no live browsers here): a
   * non-member gets it too, which says nothing about the team's resource.
   */
  answeredBeforeLookup?: true;
}

/** What the matrix has made: the team, and ids a non-member's own lists must never show. */
export interface MatrixWorld {
  t: TestApp;
  team: Team;
  /** Ids of the team's resources. */
  teamIds(): string[];
}

async function send(t: TestApp, operation: DocumentedOperation, caller: MatrixCaller, call: Call) {
  const path = API_V1_PREFIX + operationPath(operation.path, call.params) + (call.query ? `?${call.query}` : "");
  const headers = { ...(call.as ?? caller.headers), "x-forwarded-for": t.freshIp() };
  const res = await t.send(operation.method, path, headers, call.body);
  // Streams answer their headers at once; nothing more is needed from them.
  const text = res.headers.get("content-type")?.startsWith("text/event-stream") ? (await res.body?.cancel(), "") : await res.text();
  return { status: res.status, text, label: `${operation.method} ${operation.path} by ${caller.name}` };
}

async function readWatched(t: TestApp, team: Team, path: string) {
  const res = await t.send("GET", `${API_V1_PREFIX}${path}`, team.owner);
  expect(res.status, `reading ${path}`).toBe(200);
  return json(res);
}

function assertRefused(answer: { status: number; text: string; label: string }, outcome: Extract<Outcome, { allowed: false }>) {
  expect(answer.status, `${answer.label}: ${answer.text}`).toBe(outcome.status);
  const message = (JSON.parse(answer.text) as { error: { message: string } }).error.message;
  if (typeof outcome.message === "string") expect(message, answer.label).toBe(outcome.message);
  else expect(message, answer.label).toMatch(outcome.message);
}

/**
 * Runs one operation's row for every caller: the refused cells first (each answers its status and
 * a message naming what is missing, and together they change nothing the watched path shows),
 * then the allowed ones (each answers the row's answer).
 */
export async function runRow<W extends MatrixWorld>(world: W, operation: DocumentedOperation, row: MatrixRow<W>) {
  const { t, team } = world;
  const targetsTeam = (row.targetsTeam ?? /\{(id|userId|invitationId)\}/.test(operation.path)) && !row.answeredBeforeLookup;
  const permission = operation.public ? { ...row, needs: "public" as const } : row;
  const cells = team.callers.map((caller) => ({ caller, outcome: expectedOutcome(permission, caller, targetsTeam) }));
  const watched = row.watch?.(world);
  const before = watched && (await readWatched(t, team, watched));
  // Refused calls change nothing, so they go at once; allowed ones one after another (some change the same thing).
  await Promise.all(
    cells.map(async ({ caller, outcome }) => {
      if (!outcome.allowed) assertRefused(await send(t, operation, caller, await row.call(world, { caller, allowed: false })), outcome);
    }),
  );
  if (watched) expect(await readWatched(t, team, watched), `${operation.id}: refused calls changed ${watched}`).toEqual(before);
  for (const { caller, outcome } of cells) {
    if (!outcome.allowed) continue;
    const answer = await send(t, operation, caller, await row.call(world, { caller, allowed: true }));
    expect(answer.status, `${answer.label}: ${answer.text}`).toBe(row.answers ?? operation.success);
    // A non-member's own lists never show the team's things.
    if (caller.kind === "stranger" && !operation.public)
      for (const id of world.teamIds()) expect(answer.text, answer.label).not.toContain(id);
  }
}
