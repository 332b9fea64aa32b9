import { API_V1_PREFIX } from "@errand/contract";
import { createTestUser } from "@errand/db/testing";
import { testCaller } from "@errand/services/testing";
import { addMember } from "@errand/services/workspaces";
import type { SmtpCapture } from "@errand/testkit";
import { expect } from "vitest";
import { json, uniqueEmail, type TestApp } from "../../../../testing/test-app.ts";
import { makeTeam, sessionHeaders, type MatrixCaller, type Person } from "./matrix-callers.ts";
import type { MatrixWorld } from "./run-row.ts";

/** The workspace family's world: the team's extra member, a spare key, a pending invitation, and throwaways. */
export interface WorkspaceWorld extends MatrixWorld {
  /** A viewer the refused calls try to change or remove. */
  extraMemberId: string;
  spareKeyId: string;
  invitation: { id: string; token: string };
  fresh: {
    member(): Promise<string>;
    key(): Promise<string>;
    invitation(): Promise<string>;
    /** A link inviting this caller's address into another team (a host's), for them to accept. */
    invitationFor(caller: MatrixCaller): Promise<string>;
    /** A team of the owner's own and credentials with this owner's caller's rights in it, for them to delete. */
    teamToDelete(caller: MatrixCaller): Promise<{ id: string; headers: Record<string, string> }>;
    /** Someone with their own personal key, standing for a caller whose key must go on working. */
    person(): Promise<Person>;
  };
}

export async function makeWorkspaceWorld(t: TestApp, smtp: SmtpCapture): Promise<WorkspaceWorld> {
  const team = await makeTeam(t);
  const host = await t.newCaller();
  const ownerInTeam = testCaller(team.people.owner.userId, { workspaceId: team.id, via: "session" });
  const made = async (method: string, path: string, by: Record<string, string>, body?: unknown) => {
    const res = await t.send(method, `${API_V1_PREFIX}${path}`, by, body);
    expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBeLessThan(300);
    return json(res);
  };
  /** Invites an address into a team and reads the link from the e-mail (the one naming that team), as the invitee would. */
  const invite = async (workspace: { id: string; name: string }, by: Record<string, string>, email: string) => {
    const { id } = await made("POST", `/workspaces/${workspace.id}/invitations`, by, { email, role: "member" });
    const mail = await smtp.waitForMail((m) => m.to.includes(email) && Boolean(m.text?.includes(workspace.name)));
    return { id: id as string, token: /\/invitations\/([\w-]+)/.exec(mail.text ?? "")![1]! };
  };
  let hosted = 0;
  const fresh: WorkspaceWorld["fresh"] = {
    // An account made in the database: it never signs in, so it needs no password (hashing one costs CPU).
    member: async () => {
      const person = await createTestUser(t.ctx.db);
      await addMember({ ctx: t.ctx, caller: ownerInTeam, input: { userId: person.id, role: "member" } });
      return person.id;
    },
    key: async () => (await made("POST", "/api-keys", team.owner, { name: "throwaway", scopes: ["read"] })).id,
    invitation: async () =>
      (await made("POST", `/workspaces/${team.id}/invitations`, team.owner, { email: uniqueEmail(), role: "viewer" })).id,
    invitationFor: async (caller) => {
      const name = `Host ${++hosted}`;
      const { id } = await made("POST", "/workspaces", sessionHeaders(host, host.userId), { name });
      return (await invite({ id, name }, sessionHeaders(host, id), "email" in caller ? caller.email : "")).token;
    },
    teamToDelete: async (caller) => {
      const { id } = await made("POST", "/workspaces", sessionHeaders(team.people.owner, team.people.owner.userId), { name: "To delete" });
      const session = sessionHeaders(team.people.owner, id);
      if (caller.kind !== "member" || !caller.namedKey) return { id, headers: session };
      const key = await made("POST", "/api-keys", session, { name: "deleter", scopes: caller.scopes });
      return { id, headers: { "x-api-key": key.secret, "content-type": "application/json" } };
    },
    person: () => t.newCaller(),
  };
  const extraMemberId = await fresh.member();
  await addMember({ ctx: t.ctx, caller: ownerInTeam, input: { userId: extraMemberId, role: "viewer" } });
  const spareKeyId = await fresh.key();
  const invitation = await invite({ id: team.id, name: "Role matrix" }, team.owner, uniqueEmail("invitee"));
  const ids = [team.id, extraMemberId, spareKeyId, invitation.id];
  return { t, team, teamIds: () => ids, extraMemberId, spareKeyId, invitation, fresh };
}
