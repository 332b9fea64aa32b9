import { describe, expect } from "vitest";
import { createTaskWithRun, getRun } from "../runs/index.ts";
import type { ServiceContext } from "../context.ts";
import { createTestAccounts, giveCredits, refusal, serviceTest as it, testCaller } from "../testing.ts";
import {
  addMember,
  callerInWorkspace,
  changeMemberRole,
  createWorkspace,
  deleteWorkspace,
  listMembers,
  listWorkspaces,
  removeMember,
  renameWorkspace,
} from "./index.ts";

/** A team with an owner, an admin, a member and a viewer, each acting through the web app. */
async function team(ctx: ServiceContext) {
  const { owner, admin, member, viewer } = await createTestAccounts(ctx, "owner", "admin", "member", "viewer");
  const session = (userId: string) => testCaller(userId, { via: "session" });
  const workspace = await createWorkspace({ ctx, caller: session(owner.id), input: { name: "Ops" } });
  const ownerThere = await callerInWorkspace({ ctx, caller: session(owner.id), input: { workspaceId: workspace.id } });
  await addMember({ ctx, caller: ownerThere, input: { userId: admin.id, role: "admin" } });
  await addMember({ ctx, caller: ownerThere, input: { userId: member.id, role: "member" } });
  await addMember({ ctx, caller: ownerThere, input: { userId: viewer.id, role: "viewer" } });
  const id = workspace.id;
  // The team's runs spend the team's credits (docs/adr/0037-spending-limits.md).
  await giveCredits(ctx.db, id);
  return { id, owner, admin, member, viewer, ownerThere, session };
}

describe("workspace members", () => {
  it("lists each person's workspaces with their role, personal first", async ({ ctx }) => {
    const { id, member, session } = await team(ctx);
    expect((await listWorkspaces({ ctx, caller: session(member.id), input: {} })).workspaces).toMatchObject([
      { id: member.id, name: "Personal", kind: "personal", role: "owner" },
      { id, name: "Ops", kind: "team", role: "member" },
    ]);
    // A key sees its own workspace only, and cannot reach another one.
    expect((await listWorkspaces({ ctx, caller: testCaller(member.id), input: {} })).workspaces.map((w) => w.id)).toEqual([member.id]);
    expect(await refusal(listMembers({ ctx, caller: testCaller(member.id), input: { workspaceId: id } }))).toMatchObject({
      code: "not_found",
      message: "Workspace not found",
    });
  });

  it("lets owners and admins change roles, only owners touch owners, and never demotes the last owner", async ({ ctx }) => {
    const { id, owner, admin, member, viewer, session } = await team(ctx);
    const change = (by: string, userId: string, role: "owner" | "admin" | "member" | "viewer") =>
      changeMemberRole({ ctx, caller: session(by), input: { workspaceId: id, userId, role } });

    expect(await change(admin.id, viewer.id, "member")).toMatchObject({ user_id: viewer.id, role: "member" });
    expect(await refusal(change(member.id, viewer.id, "admin"))).toMatchObject({
      code: "forbidden",
      message: "Only the workspace's owners and admins can do this",
    });
    expect(await refusal(change(admin.id, member.id, "owner"))).toMatchObject({
      code: "forbidden",
      message: "Only an owner can make or change an owner",
    });
    expect(await refusal(change(admin.id, owner.id, "member"))).toMatchObject({ code: "forbidden" });
    expect(await refusal(change(owner.id, owner.id, "admin"))).toMatchObject({
      code: "conflict",
      message: "The workspace's last owner cannot be demoted: make another member an owner first",
    });
    await change(owner.id, admin.id, "owner");
    expect(await change(admin.id, owner.id, "member")).toMatchObject({ role: "member" });
    const { members } = await listMembers({ ctx, caller: session(viewer.id), input: { workspaceId: id } });
    expect(members.map((m) => m.role)).toEqual(["owner", "member", "member", "member"]);
  });

  it("keeps an owner when two owners demote each other at the same moment", async ({ ctx }) => {
    const { id, owner, admin, session } = await team(ctx);
    await changeMemberRole({ ctx, caller: session(owner.id), input: { workspaceId: id, userId: admin.id, role: "owner" } });
    const outcomes = await Promise.allSettled([
      changeMemberRole({ ctx, caller: session(owner.id), input: { workspaceId: id, userId: admin.id, role: "member" } }),
      changeMemberRole({ ctx, caller: session(admin.id), input: { workspaceId: id, userId: owner.id, role: "member" } }),
    ]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(["fulfilled", "rejected"]);
    const { members } = await listMembers({ ctx, caller: session(owner.id), input: { workspaceId: id } });
    expect(members.filter((m) => m.role === "owner")).toHaveLength(1);
  });

  it("takes a removed member's access away at once, and keeps what they made", async ({ ctx }) => {
    const { id, admin, member, session } = await team(ctx);
    const memberThere = await callerInWorkspace({ ctx, caller: session(member.id), input: { workspaceId: id } });
    const { run } = await createTaskWithRun({ ctx, caller: memberThere, input: { settings: { prompt: "count the orders" } } });

    await removeMember({ ctx, caller: session(admin.id), input: { workspaceId: id, userId: member.id } });
    expect(await refusal(callerInWorkspace({ ctx, caller: session(member.id), input: { workspaceId: id } }))).toMatchObject({
      code: "not_found",
      message: "Workspace not found",
    });
    // A caller made before the removal reaches nothing either: every verb here checks again.
    expect(await refusal(listMembers({ ctx, caller: memberThere, input: { workspaceId: id } }))).toMatchObject({ code: "not_found" });
    const adminThere = await callerInWorkspace({ ctx, caller: session(admin.id), input: { workspaceId: id } });
    expect((await getRun({ ctx, caller: adminThere, input: { runId: run.id } })).run.id).toBe(run.id);
  });

  it("lets anyone leave but the last owner, and only owners remove owners", async ({ ctx }) => {
    const { id, owner, admin, viewer, session } = await team(ctx);
    await removeMember({ ctx, caller: session(viewer.id), input: { workspaceId: id, userId: viewer.id } });
    expect((await listWorkspaces({ ctx, caller: session(viewer.id), input: {} })).workspaces.map((w) => w.kind)).toEqual(["personal"]);
    expect(await refusal(removeMember({ ctx, caller: session(admin.id), input: { workspaceId: id, userId: owner.id } }))).toMatchObject({
      code: "forbidden",
      message: "Only an owner can remove an owner",
    });
    expect(await refusal(removeMember({ ctx, caller: session(owner.id), input: { workspaceId: id, userId: owner.id } }))).toMatchObject({
      code: "conflict",
      message: "The workspace's last owner cannot leave: make another member an owner first",
    });
    expect(
      await refusal(removeMember({ ctx, caller: session(owner.id), input: { workspaceId: owner.id, userId: owner.id } })),
    ).toMatchObject({ code: "conflict" });
  });

  it("lets owners and admins rename, and only owners delete a team workspace with everything in it", async ({ ctx }) => {
    const { id, owner, admin, member, session, ownerThere } = await team(ctx);
    const { run } = await createTaskWithRun({ ctx, caller: ownerThere, input: { settings: { prompt: "p" } } });
    expect(await renameWorkspace({ ctx, caller: session(admin.id), input: { workspaceId: id, name: " Operations " } })).toMatchObject({
      name: "Operations",
      role: "admin",
    });
    expect(await refusal(renameWorkspace({ ctx, caller: session(member.id), input: { workspaceId: id, name: "x" } }))).toMatchObject({
      code: "forbidden",
    });
    expect(await refusal(deleteWorkspace({ ctx, caller: session(admin.id), input: { workspaceId: id } }))).toMatchObject({
      code: "forbidden",
      message: "Only the workspace's owners can delete it",
    });
    expect(await refusal(deleteWorkspace({ ctx, caller: session(owner.id), input: { workspaceId: owner.id } }))).toMatchObject({
      code: "conflict",
      message: "A personal workspace cannot be deleted: it goes with your account",
    });
    await deleteWorkspace({ ctx, caller: session(owner.id), input: { workspaceId: id } });
    expect(await refusal(callerInWorkspace({ ctx, caller: session(admin.id), input: { workspaceId: id } }))).toMatchObject({
      code: "not_found",
    });
    expect(await refusal(getRun({ ctx, caller: ownerThere, input: { runId: run.id } }))).toMatchObject({ code: "not_found" });
  });
});
