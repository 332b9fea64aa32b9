import { workspaceMembers } from "@errand/db";
import { and, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { createRunForTask, createTaskWithRun, getRun, listRecentRuns } from "../runs/index.ts";
import { listTasks } from "../tasks/index.ts";
import { createWebhook, listWebhooks } from "../webhooks/index.ts";
import { createTestAccounts, giveCredits, refusal, serviceTest as it, testCaller } from "../testing.ts";
import type { ServiceContext } from "../context.ts";
import { addMember, callerInWorkspace, createWorkspace } from "./index.ts";

/** A team workspace its owner made, with credits, a member and a viewer added, and an account outside it. */
async function team(ctx: ServiceContext) {
  const { owner, member, viewer, outsider } = await createTestAccounts(ctx, "owner", "member", "viewer", "outsider");
  const workspace = await createWorkspace({ ctx, caller: testCaller(owner.id), input: { name: "  Growth team " } });
  // The team's runs spend the team's credits (docs/adr/0037-spending-limits.md).
  await giveCredits(ctx.db, workspace.id);
  const ownerThere = await callerInWorkspace({ ctx, caller: testCaller(owner.id), input: { workspaceId: workspace.id } });
  await addMember({ ctx, caller: ownerThere, input: { userId: member.id, role: "member" } });
  await addMember({ ctx, caller: ownerThere, input: { userId: viewer.id, role: "viewer" } });
  const inTeam = (userId: string) => callerInWorkspace({ ctx, caller: testCaller(userId), input: { workspaceId: workspace.id } });
  return { workspace, owner, member, viewer, outsider, ownerThere, inTeam };
}

describe("team workspaces", () => {
  it("makes the creator the owner of a team workspace", async ({ ctx }) => {
    const { workspace, ownerThere } = await team(ctx);
    expect(workspace).toMatchObject({ name: "Growth team", kind: "team", role: "owner" });
    expect(ownerThere).toMatchObject({ workspaceId: workspace.id, role: "owner" });
  });

  it("shows a member the workspace's runs and tasks, and lets them run its tasks", async ({ ctx }) => {
    const { owner, member, ownerThere, inTeam } = await team(ctx);
    const { task, run } = await createTaskWithRun({ ctx, caller: ownerThere, input: { settings: { prompt: "check the team's orders" } } });
    // The owner's personal work stays out of the team's view.
    await createTaskWithRun({ ctx, caller: testCaller(owner.id), input: { settings: { prompt: "my own errand" } } });

    const memberThere = await inTeam(member.id);
    expect(memberThere).toMatchObject({ role: "member" });
    expect((await getRun({ ctx, caller: memberThere, input: { runId: run.id } })).run).toMatchObject({ id: run.id, task_id: task.id });
    expect((await listRecentRuns({ ctx, caller: memberThere, input: {} })).runs.map((r) => r.id)).toEqual([run.id]);
    expect((await listTasks({ ctx, caller: memberThere, input: {} })).tasks.map((t) => t.id)).toEqual([task.id]);
    const again = await createRunForTask({ ctx, caller: memberThere, input: { taskId: task.id, settings: { prompt: "again" } } });
    expect(again.workspaceId).toBe(ownerThere.workspaceId);
    // In their own personal workspace the member sees none of it.
    expect((await listRecentRuns({ ctx, caller: testCaller(member.id), input: {} })).runs).toEqual([]);
  });

  it("lets a viewer read the runs but not start one (403)", async ({ ctx }) => {
    const { viewer, ownerThere, inTeam } = await team(ctx);
    const { task, run } = await createTaskWithRun({ ctx, caller: ownerThere, input: { settings: { prompt: "read the prices" } } });
    const viewerThere = await inTeam(viewer.id);

    expect((await getRun({ ctx, caller: viewerThere, input: { runId: run.id } })).run).toMatchObject({ id: run.id });
    const refused = { code: "forbidden", message: "Viewers can only read in this workspace: this call changes something", fields: {} };
    expect(await refusal(createRunForTask({ ctx, caller: viewerThere, input: { taskId: task.id, settings: { prompt: "p" } } }))).toEqual(
      refused,
    );
    expect(await refusal(createTaskWithRun({ ctx, caller: viewerThere, input: { settings: { prompt: "p" } } }))).toEqual(refused);
    expect((await listRecentRuns({ ctx, caller: viewerThere, input: {} })).runs.map((r) => r.id)).toEqual([run.id]);
  });

  it("answers another workspace's member as if the workspace and its runs did not exist (404)", async ({ ctx }) => {
    const { workspace, outsider, ownerThere } = await team(ctx);
    const { task, run } = await createTaskWithRun({ ctx, caller: ownerThere, input: { settings: { prompt: "team only" } } });
    const outside = testCaller(outsider.id);

    expect(await refusal(getRun({ ctx, caller: outside, input: { runId: run.id } }))).toMatchObject({
      code: "not_found",
      message: "Run not found",
    });
    expect(await refusal(createRunForTask({ ctx, caller: outside, input: { taskId: task.id, settings: { prompt: "p" } } }))).toMatchObject({
      code: "not_found",
      message: "Task not found",
    });
    expect(await refusal(callerInWorkspace({ ctx, caller: outside, input: { workspaceId: workspace.id } }))).toMatchObject({
      code: "not_found",
      message: "Workspace not found",
    });
  });

  it("takes access away from a removed member at once", async ({ ctx }) => {
    const { workspace, member, inTeam } = await team(ctx);
    await inTeam(member.id);
    await ctx.db
      .delete(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspace.id), eq(workspaceMembers.userId, member.id)));
    expect(await refusal(inTeam(member.id))).toMatchObject({ code: "not_found", message: "Workspace not found" });
  });

  it("lets only owners and admins add members, and only owners make owners", async ({ ctx }) => {
    const { member, viewer, outsider, ownerThere, inTeam } = await team(ctx);
    const memberThere = await inTeam(member.id);
    expect(await refusal(addMember({ ctx, caller: memberThere, input: { userId: outsider.id, role: "viewer" } }))).toMatchObject({
      code: "forbidden",
      message: "Only the workspace's owners and admins can do this",
    });
    await addMember({ ctx, caller: ownerThere, input: { userId: viewer.id, role: "admin" } });
    const adminThere = await inTeam(viewer.id);
    expect(adminThere.role).toBe("admin");
    await addMember({ ctx, caller: adminThere, input: { userId: outsider.id, role: "member" } });
    expect(await refusal(addMember({ ctx, caller: adminThere, input: { userId: outsider.id, role: "owner" } }))).toMatchObject({
      code: "forbidden",
      message: "Only an owner can make another owner",
    });
  });

  it("keeps the workspace's webhooks to its owners and admins, and shows them to every member", async ({ ctx }) => {
    const { member, ownerThere, inTeam } = await team(ctx);
    const memberThere = await inTeam(member.id);
    const hook = { url: "http://127.0.0.1:9/hook", events: ["run.finished" as const] };
    expect(await refusal(createWebhook({ ctx, caller: memberThere, input: hook }))).toMatchObject({
      code: "forbidden",
      message: "Only the workspace's owners and admins can do this",
    });
    const created = await createWebhook({ ctx, caller: ownerThere, input: hook });
    expect((await listWebhooks({ ctx, caller: memberThere, input: {} })).webhooks.map((w) => w.id)).toEqual([created.id]);
  });

  it("keeps a personal workspace to its one owner", async ({ ctx }) => {
    const { person, friend } = await createTestAccounts(ctx, "person", "friend");
    expect(await refusal(addMember({ ctx, caller: testCaller(person.id), input: { userId: friend.id, role: "member" } }))).toMatchObject({
      code: "conflict",
    });
  });
});
