import { API_KEY_SCOPES, WORKSPACE_ROLES, type ApiKeyScope, type WorkspaceRole } from "@errand/contract";
import { apiKeys } from "@errand/db";
import { testCaller } from "@errand/services/testing";
import { addMember } from "@errand/services/workspaces";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { json, TEST_BASE_URL, type TestApp } from "../../../../testing/test-app.ts";

/**
 * Who calls, in the role matrix (docs/security.md, "The role matrix"): a member of the team
 * workspace by session or by a named key, a key narrowed to one scope, a key that no longer
 * works, or someone who is not a member.
 */
export type MatrixCaller =
  | {
      kind: "member";
      name: string;
      role: WorkspaceRole;
      scopes: readonly ApiKeyScope[];
      namedKey: boolean;
      headers: Headers;
      email: string;
    }
  | { kind: "revoked"; name: string; headers: Headers }
  | { kind: "expired"; name: string; headers: Headers }
  /** Not a member: by session naming the team in the header, or by their own key in their own workspace. */
  | { kind: "stranger-in-team"; name: string; headers: Headers; email: string }
  | { kind: "stranger"; name: string; headers: Headers; email: string };

type Headers = Record<string, string>;
export type Person = Awaited<ReturnType<TestApp["newCaller"]>>;

/** The web app's requests: the session cookie, from our own origin, in the workspace it has chosen. */
export const sessionHeaders = (person: Person, workspaceId: string): Headers => ({
  cookie: person.cookie,
  origin: TEST_BASE_URL,
  "content-type": "application/json",
  "x-errand-workspace": workspaceId,
});

const keyHeaders = (secret: string): Headers => ({ "x-api-key": secret, "content-type": "application/json" });

/** The team workspace and its people, made through the API once per file. */
export interface Team {
  id: string;
  people: Record<WorkspaceRole, Person>;
  /** The owner's session in the team: how the matrix makes and reads its resources. */
  owner: Headers;
  callers: MatrixCaller[];
}

/** Makes a named key in the team by this person's session (they must be an owner or admin now). */
async function namedKey(t: TestApp, by: Headers, name: string, scopes: readonly ApiKeyScope[]) {
  const res = await t.send("POST", "/api/v1/api-keys", by, { name, scopes });
  expect(res.status, `making the ${name} key`).toBe(201);
  return (await json(res)) as { id: string; secret: string };
}

/**
 * A team with an owner, an admin, a member and a viewer; a session and an all-scope named key of
 * each (a key acts with its maker's current role: the member's and viewer's keys are made while
 * they are admins, then their role is lowered, as a demotion does); a key of the owner's with
 * each single scope; a revoked and an expired key; and a stranger.
 */
export async function makeTeam(t: TestApp): Promise<Team> {
  const [owner, admin, member, viewer, stranger] = await Promise.all([1, 2, 3, 4, 5].map(() => t.newCaller()));
  const people = { owner: owner!, admin: admin!, member: member!, viewer: viewer! };
  const created = await t.send("POST", "/api/v1/workspaces", sessionHeaders(owner!, owner!.userId), { name: "Role matrix" });
  const id = (await json(created)).id as string;
  const ownerInTeam = testCaller(owner!.userId, { workspaceId: id, via: "session" });
  const setRole = (person: Person, role: WorkspaceRole) =>
    addMember({ ctx: t.ctx, caller: ownerInTeam, input: { userId: person.userId, role } });
  for (const role of ["admin", "member", "viewer"] as const) await setRole(people[role], "admin");

  const callers: MatrixCaller[] = [];
  for (const role of WORKSPACE_ROLES) {
    const session = sessionHeaders(people[role], id);
    const key = await namedKey(t, session, `${role} key`, API_KEY_SCOPES);
    const email = people[role].email;
    callers.push({ kind: "member", name: `${role} by session`, role, scopes: API_KEY_SCOPES, namedKey: false, headers: session, email });
    callers.push({
      kind: "member",
      name: `${role}'s key`,
      role,
      scopes: API_KEY_SCOPES,
      namedKey: true,
      headers: keyHeaders(key.secret),
      email,
    });
  }
  for (const role of ["member", "viewer"] as const) await setRole(people[role], role);

  const ownerSession = sessionHeaders(owner!, id);
  for (const scope of API_KEY_SCOPES) {
    const key = await namedKey(t, ownerSession, `${scope} only`, [scope]);
    const base = { kind: "member", role: "owner", namedKey: true, email: owner!.email } as const;
    callers.push({ ...base, name: `a ${scope}-only key`, scopes: [scope], headers: keyHeaders(key.secret) });
  }
  const revoked = await namedKey(t, ownerSession, "revoked", API_KEY_SCOPES);
  expect((await t.send("DELETE", `/api/v1/api-keys/${revoked.id}`, ownerSession)).status).toBe(204);
  callers.push({ kind: "revoked", name: "a revoked key", headers: keyHeaders(revoked.secret) });
  const expired = await namedKey(t, ownerSession, "expired", API_KEY_SCOPES);
  // No API makes a key that has already expired: its expiry is moved into the past.
  await t.ctx.db
    .update(apiKeys)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(apiKeys.id, expired.id));
  callers.push({ kind: "expired", name: "an expired key", headers: keyHeaders(expired.secret) });
  callers.push({
    kind: "stranger-in-team",
    name: "a non-member's session in the team",
    headers: sessionHeaders(stranger!, id),
    email: stranger!.email,
  });
  callers.push({ kind: "stranger", name: "a non-member's own key", headers: stranger!.headers, email: stranger!.email });
  return { id, people, owner: ownerSession, callers };
}
