import { auditEvents, authContexts, tasks, tasksRuns } from "@errand/db";
import type { SmtpCapture } from "@errand/testkit";
import { describe, expect } from "vitest";
import { createApiKey, revokeApiKey } from "../api-keys/index.ts";
import { deleteAuthContext, loadAuthContextState } from "../auth-contexts/index.ts";
import type { Caller } from "../caller.ts";
import type { ServiceContext } from "../context.ts";
import { createCredential, deleteCredential, loadRunCredentials } from "../credentials/index.ts";
import { sealSecret } from "../secrets/seal-secret.ts";
import { createTestAccount, mailServiceTest, refusal, testCaller } from "../testing.ts";
import {
  acceptInvitation,
  addMember,
  callerInWorkspace,
  changeMemberRole,
  createWorkspace,
  inviteMember,
  removeMember,
  revokeInvitation,
} from "../workspaces/index.ts";
import { listAuditEvents } from "./list-audit-events.ts";

// Invitations go through real SMTP to the testkit's capture, as in production.
const it = mailServiceTest;

/** A person signed in to the web app from `ip`, in their personal workspace. */
const signedIn = (userId: string, ip: string): Caller => ({ ...testCaller(userId, { via: "session" }), ip });

async function tokenMailedTo(smtp: SmtpCapture, to: string) {
  const mail = await smtp.waitForMail({ to });
  return /\/invitations\/([\w-]+)/.exec(mail.text ?? "")![1]!;
}

/** Every event of the workspace, newest first, as the API answers them. */
async function allEvents(ctx: ServiceContext, caller: Caller) {
  return (await listAuditEvents({ ctx, caller, input: { limit: 100 } })).audit_events;
}

/** Every stored column of every audit row, as one text: what must never hold a secret. */
async function everyAuditRow(ctx: ServiceContext) {
  return JSON.stringify(await ctx.db.select().from(auditEvents));
}

describe("audit log", () => {
  it("records each member change once, with who, when and from which address", async ({ mailCtx: ctx, smtp }) => {
    const owner = await createTestAccount(ctx);
    const invitee = await createTestAccount(ctx);
    const started = Date.now();
    const workspace = await createWorkspace({ ctx, caller: signedIn(owner.id, "203.0.113.7"), input: { name: "Ops" } });
    const ownerThere = await callerInWorkspace({ ctx, caller: signedIn(owner.id, "203.0.113.7"), input: { workspaceId: workspace.id } });

    const invitation = await inviteMember({
      ctx,
      caller: ownerThere,
      input: { workspaceId: workspace.id, email: invitee.email, role: "member" },
    });
    const token = await tokenMailedTo(smtp, invitee.email);
    await acceptInvitation({ ctx, caller: signedIn(invitee.id, "198.51.100.2"), input: { token } });
    await changeMemberRole({ ctx, caller: ownerThere, input: { workspaceId: workspace.id, userId: invitee.id, role: "admin" } });
    const second = await inviteMember({
      ctx,
      caller: ownerThere,
      input: { workspaceId: workspace.id, email: "someone@example.com", role: "viewer" },
    });
    await revokeInvitation({ ctx, caller: ownerThere, input: { workspaceId: workspace.id, invitationId: second.id } });
    await removeMember({ ctx, caller: ownerThere, input: { workspaceId: workspace.id, userId: invitee.id } });

    const events = await allEvents(ctx, ownerThere);
    expect(events.map((e) => e.action)).toEqual([
      "member.removed",
      "invitation.revoked",
      "member.invited",
      "member.role_changed",
      "member.joined",
      "member.invited",
    ]);
    const byOwner = { user_id: owner.id, email: owner.email, via: "session", api_key_id: null };
    expect(events[5]).toMatchObject({
      actor: byOwner,
      ip: "203.0.113.7",
      target: { type: "invitation", id: invitation.id, label: invitee.email },
      details: { role: "member" },
    });
    expect(events[4]).toMatchObject({
      actor: { user_id: invitee.id, email: invitee.email, via: "session" },
      ip: "198.51.100.2",
      target: { type: "member", id: invitee.id, label: invitee.email },
    });
    expect(events[3]).toMatchObject({ actor: byOwner, details: { from: "member", to: "admin" } });
    expect(events[1]).toMatchObject({ target: { type: "invitation", id: second.id, label: "someone@example.com" } });
    expect(events[0]).toMatchObject({
      actor: byOwner,
      ip: "203.0.113.7",
      target: { id: invitee.id, label: invitee.email },
      details: { role: "admin" },
    });
    for (const event of events) {
      expect(Date.parse(event.at)).toBeGreaterThanOrEqual(started - 1000);
      expect(Date.parse(event.at)).toBeLessThanOrEqual(Date.now() + 1000);
    }
    // The invitation's link is a secret: it is in no row.
    expect(await everyAuditRow(ctx)).not.toContain(token);
  });

  it("records keys, credentials and saved logins made, used and deleted, and never a secret", async ({ ctx }) => {
    const owner = await createTestAccount(ctx);
    const caller = signedIn(owner.id, "192.0.2.44");
    const key = await createApiKey({ ctx, caller, input: { name: "n8n production", scopes: ["read", "run"] } });
    const asKey: Caller = { ...testCaller(owner.id, { via: "api-key" }), apiKeyId: key.id, ip: "192.0.2.45" };
    const password = `pw-${crypto.randomUUID()}`;
    const totp = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
    const credential = await createCredential({
      ctx,
      caller: asKey,
      input: { name: "shop-login", domains: ["shop.example"], username: "buyer@example.com", password, totp_secret: totp },
    });
    const [task] = await ctx.db
      .insert(tasks)
      .values({ userId: owner.id, workspaceId: owner.id, prompt: "Buy", credentialNames: ["shop-login"] })
      .returning();
    const [run] = await ctx.db
      .insert(tasksRuns)
      .values({ taskId: task!.id, userId: owner.id, workspaceId: owner.id, prompt: "Buy" })
      .returning();
    const cookie = `session-${crypto.randomUUID()}`;
    const [login] = await ctx.db
      .insert(authContexts)
      .values({
        userId: owner.id,
        workspaceId: owner.id,
        name: "Shop account",
        urls: ["https://shop.example"],
        encryptedState: sealSecret(ctx, JSON.stringify({ cookies: [{ name: "sid", value: cookie }], origins: [] })),
      })
      .returning();

    expect(await loadRunCredentials({ ctx, input: { runId: run!.id } })).toHaveLength(1);
    expect(await loadAuthContextState({ ctx, input: { workspaceId: owner.id, authContextId: login!.id, runId: run!.id } })).not.toBeNull();
    await deleteCredential({ ctx, caller, input: { id: credential.id } });
    await deleteAuthContext({ ctx, caller, input: { id: login!.id } });
    await revokeApiKey({ ctx, caller, input: { id: key.id } });
    await revokeApiKey({ ctx, caller, input: { id: key.id } });

    const events = await allEvents(ctx, caller);
    expect(events.map((e) => e.action)).toEqual([
      "api_key.revoked",
      "saved_login.deleted",
      "credential.deleted",
      "saved_login.used",
      "credential.used",
      "credential.created",
      "api_key.created",
    ]);
    expect(events[6]).toMatchObject({ ip: "192.0.2.44", target: { type: "api_key", id: key.id, label: "n8n production" } });
    expect(events[5]).toMatchObject({
      actor: { user_id: owner.id, email: owner.email, via: "api-key", api_key_id: key.id },
      ip: "192.0.2.45",
      target: { type: "credential", id: credential.id, label: "shop-login" },
    });
    // The worker uses them for the run's creator: no address, the run named.
    expect(events[4]).toMatchObject({ actor: { user_id: owner.id, via: "run" }, ip: null, details: { run_id: run!.id } });
    expect(events[3]).toMatchObject({
      target: { type: "saved_login", id: login!.id, label: "Shop account" },
      details: { run_id: run!.id },
    });
    const stored = await everyAuditRow(ctx);
    for (const secret of [key.secret, password, totp, "buyer@example.com", cookie]) expect(stored).not.toContain(secret);
  });

  it("is for owners and admins of the workspace only, pages newest first and filters by action and actor", async ({ ctx }) => {
    const owner = await createTestAccount(ctx);
    const member = await createTestAccount(ctx);
    const viewer = await createTestAccount(ctx);
    const stranger = await createTestAccount(ctx);
    const workspace = await createWorkspace({ ctx, caller: signedIn(owner.id, "203.0.113.1"), input: { name: "Team" } });
    const ownerThere = await callerInWorkspace({ ctx, caller: signedIn(owner.id, "203.0.113.1"), input: { workspaceId: workspace.id } });
    await addMember({ ctx, caller: ownerThere, input: { userId: member.id, role: "member" } });
    await addMember({ ctx, caller: ownerThere, input: { userId: viewer.id, role: "viewer" } });
    for (const name of ["a", "b", "c"]) await createApiKey({ ctx, caller: ownerThere, input: { name, scopes: ["read"] } });
    await createApiKey({ ctx, caller: signedIn(stranger.id, "203.0.113.9"), input: { name: "elsewhere", scopes: ["read"] } });

    for (const [who, role] of [
      [member, "member"],
      [viewer, "viewer"],
    ] as const) {
      const there = { ...testCaller(who.id, { via: "session" }), workspaceId: workspace.id, role };
      expect(await refusal(listAuditEvents({ ctx, caller: there, input: {} }))).toMatchObject({
        code: "forbidden",
        message: "Only the workspace's owners and admins can do this",
      });
    }
    const readKey = { ...ownerThere, via: "api-key" as const, scopes: ["read" as const] };
    expect((await refusal(listAuditEvents({ ctx, caller: readKey, input: {} }))).code).toBe("forbidden");

    const first = await listAuditEvents({ ctx, caller: ownerThere, input: { limit: 2 } });
    expect(first.audit_events.map((e) => e.target.label)).toEqual(["c", "b"]);
    const second = await listAuditEvents({ ctx, caller: ownerThere, input: { limit: 2, cursor: first.next_cursor } });
    expect(second.audit_events.map((e) => e.target.label)).toEqual(["a"]);
    expect(second.next_cursor).toBeNull();
    // The stranger's key is in their own log, never in this one.
    expect((await allEvents(ctx, ownerThere)).map((e) => e.target.label)).not.toContain("elsewhere");
    expect((await allEvents(ctx, signedIn(stranger.id, "203.0.113.9"))).map((e) => e.target.label)).toEqual(["elsewhere"]);

    const filtered = await listAuditEvents({ ctx, caller: ownerThere, input: { action: "api_key.revoked" } });
    expect(filtered).toEqual({ audit_events: [], next_cursor: null });
    expect((await listAuditEvents({ ctx, caller: ownerThere, input: { actor: member.id } })).audit_events).toEqual([]);
    expect((await listAuditEvents({ ctx, caller: ownerThere, input: { actor: owner.id } })).audit_events).toHaveLength(3);
    expect((await refusal(listAuditEvents({ ctx, caller: ownerThere, input: { cursor: "not-a-cursor" } }))).code).toBe("validation_error");
  });
});
