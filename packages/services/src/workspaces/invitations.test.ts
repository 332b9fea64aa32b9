import { workspaceInvitations } from "@errand/db";
import { MAX_PENDING_INVITATIONS } from "@errand/contract";
import type { SmtpCapture } from "@errand/testkit";
import { eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import type { ServiceContext } from "../context.ts";
import { createTestAccount, mailServiceTest, refusal, testCaller } from "../testing.ts";
import {
  acceptInvitation,
  addMember,
  callerInWorkspace,
  createWorkspace,
  getInvitation,
  inviteMember,
  listInvitations,
  listMembers,
  revokeInvitation,
} from "./index.ts";

// Mail goes through real SMTP to the testkit's capture, as in production.
const it = mailServiceTest;

/** An owner's team workspace and an account to invite. */
async function team(ctx: ServiceContext) {
  const owner = await createTestAccount(ctx);
  const invitee = await createTestAccount(ctx);
  const workspace = await createWorkspace({ ctx, caller: testCaller(owner.id, { via: "session" }), input: { name: "Growth team" } });
  const ownerThere = await callerInWorkspace({
    ctx,
    caller: testCaller(owner.id, { via: "session" }),
    input: { workspaceId: workspace.id },
  });
  return { owner, invitee, workspace, ownerThere };
}

/** The link's token, read from the e-mail sent to `to`. */
async function tokenMailedTo(smtp: SmtpCapture, to: string) {
  const mail = await smtp.waitForMail({ to });
  const token = /\/invitations\/([\w-]+)/.exec(mail.text ?? "")?.[1];
  expect(token).toBeDefined();
  return { token: token!, mail };
}

describe("invitations by e-mail", () => {
  it("mails a single-use link that makes the invitee a member with the invited role", async ({ mailCtx: ctx, smtp }) => {
    const { owner, invitee, workspace, ownerThere } = await team(ctx);
    const invitation = await inviteMember({
      ctx,
      caller: ownerThere,
      input: { workspaceId: workspace.id, email: invitee.email, role: "member" },
    });
    expect(invitation).toMatchObject({ email: invitee.email, role: "member", invited_by: owner.email });
    const { token, mail } = await tokenMailedTo(smtp, invitee.email);
    expect(mail.subject).toBe("Test User invited you to Growth team on Errand");
    expect(mail.text).toContain(`http://localhost:3000/invitations/${token}`);
    expect(mail.text).toContain("expires in 7 days");
    // Only the token's hash is kept.
    const [stored] = await ctx.db.select().from(workspaceInvitations).where(eq(workspaceInvitations.id, invitation.id));
    expect(JSON.stringify(stored)).not.toContain(token);

    expect(await getInvitation({ ctx, input: { token } })).toMatchObject({
      workspace_name: "Growth team",
      invited_by: "Test User",
      email: invitee.email,
      role: "member",
      state: "pending",
    });
    expect((await listInvitations({ ctx, caller: ownerThere, input: { workspaceId: workspace.id } })).invitations).toEqual([invitation]);

    const joined = await acceptInvitation({ ctx, caller: testCaller(invitee.id, { via: "session" }), input: { token } });
    expect(joined).toMatchObject({ id: workspace.id, name: "Growth team", kind: "team", role: "member" });
    expect(await callerInWorkspace({ ctx, caller: testCaller(invitee.id), input: { workspaceId: workspace.id } })).toMatchObject({
      role: "member",
    });
    const { members } = await listMembers({ ctx, caller: ownerThere, input: { workspaceId: workspace.id } });
    expect(members.map((m) => [m.email, m.role])).toEqual([
      [owner.email, "owner"],
      [invitee.email, "member"],
    ]);

    // Used once: the link says so and cannot be used again.
    expect(await getInvitation({ ctx, input: { token } })).toMatchObject({ state: "used" });
    expect(await refusal(acceptInvitation({ ctx, caller: testCaller(invitee.id), input: { token } }))).toMatchObject({
      code: "conflict",
      message: "This invitation has already been used",
    });
    expect((await listInvitations({ ctx, caller: ownerThere, input: { workspaceId: workspace.id } })).invitations).toEqual([]);
  });

  it("refuses an account with another address (403) and still lets the invited one accept", async ({ mailCtx: ctx, smtp }) => {
    const { invitee, workspace, ownerThere } = await team(ctx);
    const stranger = await createTestAccount(ctx);
    await inviteMember({
      ctx,
      caller: ownerThere,
      input: { workspaceId: workspace.id, email: invitee.email.toUpperCase(), role: "viewer" },
    });
    const { token } = await tokenMailedTo(smtp, invitee.email);

    expect(await refusal(acceptInvitation({ ctx, caller: testCaller(stranger.id), input: { token } }))).toEqual({
      code: "forbidden",
      message: `This invitation is for ${invitee.email}: sign in with that address to accept it`,
      fields: {},
    });
    expect(await refusal(callerInWorkspace({ ctx, caller: testCaller(stranger.id), input: { workspaceId: workspace.id } }))).toMatchObject({
      code: "not_found",
    });
    expect(await acceptInvitation({ ctx, caller: testCaller(invitee.id), input: { token } })).toMatchObject({ role: "viewer" });
  });

  it("refuses an expired link, and a revoked one is not found", async ({ mailCtx: ctx, smtp }) => {
    const { invitee, workspace, ownerThere } = await team(ctx);
    const expiring = await inviteMember({
      ctx,
      caller: ownerThere,
      input: { workspaceId: workspace.id, email: invitee.email, role: "member" },
    });
    const { token: expired } = await tokenMailedTo(smtp, invitee.email);
    smtp.clear();
    await ctx.db
      .update(workspaceInvitations)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(workspaceInvitations.id, expiring.id));
    expect(await getInvitation({ ctx, input: { token: expired } })).toMatchObject({ state: "expired" });
    expect(await refusal(acceptInvitation({ ctx, caller: testCaller(invitee.id), input: { token: expired } }))).toMatchObject({
      code: "conflict",
      message: "This invitation has expired: ask for a new one",
    });

    const again = await inviteMember({
      ctx,
      caller: ownerThere,
      input: { workspaceId: workspace.id, email: invitee.email, role: "member" },
    });
    const { token } = await tokenMailedTo(smtp, invitee.email);
    await revokeInvitation({ ctx, caller: ownerThere, input: { workspaceId: workspace.id, invitationId: again.id } });
    expect(await refusal(getInvitation({ ctx, input: { token } }))).toMatchObject({ code: "not_found", message: "Invitation not found" });
    expect(await refusal(acceptInvitation({ ctx, caller: testCaller(invitee.id), input: { token } }))).toMatchObject({
      code: "not_found",
    });
  });

  it(`refuses more than ${MAX_PENDING_INVITATIONS} pending invitations, but lets an address be invited again`, async ({
    mailCtx: ctx,
    smtp,
  }) => {
    const { owner, workspace, ownerThere } = await team(ctx);
    await ctx.db.insert(workspaceInvitations).values(
      Array.from({ length: MAX_PENDING_INVITATIONS }, (_, i) => ({
        workspaceId: workspace.id,
        email: `pending-${i}@example.test`,
        role: "member" as const,
        tokenHash: `hash-${workspace.id}-${i}`,
        invitedBy: owner.id,
        expiresAt: new Date(Date.now() + 60_000),
      })),
    );
    const input = { workspaceId: workspace.id, role: "viewer" as const };
    expect(await refusal(inviteMember({ ctx, caller: ownerThere, input: { ...input, email: "one-more@example.test" } }))).toMatchObject({
      code: "conflict",
      message: `A workspace can have at most ${MAX_PENDING_INVITATIONS} pending invitations: revoke some first`,
    });
    await inviteMember({ ctx, caller: ownerThere, input: { ...input, email: "pending-0@example.test" } });
    await tokenMailedTo(smtp, "pending-0@example.test");
  });

  it("lets only owners and admins invite, never into a personal workspace nor an existing member", async ({ mailCtx: ctx }) => {
    const { owner, invitee, workspace, ownerThere } = await team(ctx);
    await addMember({ ctx, caller: ownerThere, input: { userId: invitee.id, role: "member" } });
    const memberThere = await callerInWorkspace({ ctx, caller: testCaller(invitee.id), input: { workspaceId: workspace.id } });
    const input = { workspaceId: workspace.id, email: "someone@example.test", role: "viewer" as const };
    expect(await refusal(inviteMember({ ctx, caller: memberThere, input }))).toMatchObject({
      code: "forbidden",
      message: "Only the workspace's owners and admins can do this",
    });
    expect(await refusal(listInvitations({ ctx, caller: memberThere, input: { workspaceId: workspace.id } }))).toMatchObject({
      code: "forbidden",
    });
    expect(await refusal(inviteMember({ ctx, caller: ownerThere, input: { ...input, email: invitee.email } }))).toMatchObject({
      code: "conflict",
      message: `${invitee.email} is already a member of this workspace`,
    });
    expect(await refusal(inviteMember({ ctx, caller: testCaller(owner.id), input: { ...input, workspaceId: owner.id } }))).toMatchObject({
      code: "conflict",
      message: "A personal workspace has one member: create a team workspace to invite people",
    });
  });
});
