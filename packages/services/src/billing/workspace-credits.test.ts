import { NO_CREDITS_MESSAGE } from "@errand/contract";
import { userCredits } from "@errand/db";
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { createTestAccount, readBalance, refusal, serviceTest as it, testCaller } from "../testing.ts";
import { claimRun, createTaskWithRun, finishRun } from "../runs/index.ts";
import { addMember, callerInWorkspace, createWorkspace } from "../workspaces/index.ts";
import { getAccount } from "../accounts/index.ts";
import { createPayment } from "./index.ts";
import type { ServiceContext } from "../index.ts";

/** A team with an owner and a member, and the member's caller in it. */
async function team(ctx: ServiceContext) {
  const owner = await createTestAccount(ctx, { freePrompts: 5, credits: 0 });
  const member = await createTestAccount(ctx, { freePrompts: 5, credits: 50_000 });
  const workspace = await createWorkspace({ ctx, caller: testCaller(owner.id), input: { name: "Growth" } });
  const ownerThere = await callerInWorkspace({ ctx, caller: testCaller(owner.id), input: { workspaceId: workspace.id } });
  await addMember({ ctx, caller: ownerThere, input: { userId: member.id, role: "member" } });
  const memberThere = await callerInWorkspace({ ctx, caller: testCaller(member.id), input: { workspaceId: workspace.id } });
  return { owner, member, workspace, memberThere };
}

describe("credits belong to the workspace", () => {
  it("gives a new team workspace an empty balance of its own", async ({ ctx, db }) => {
    const { workspace } = await team(ctx);
    expect(await readBalance(db, workspace.id)).toMatchObject({ userId: null, credits: 0, freePrompts: 0, heldCredits: 0 });
  });

  it("refuses a member's run in a team without credits, whatever the member's own balance", async ({ ctx, db }) => {
    const { member, memberThere } = await team(ctx);
    const started = createTaskWithRun({ ctx, caller: memberThere, input: { settings: { prompt: "p" } } });
    expect(await refusal(started)).toMatchObject({ code: "insufficient_credits", message: NO_CREDITS_MESSAGE });
    expect(await readBalance(db, member.id)).toMatchObject({ credits: 50_000, freePrompts: 5, heldFreePrompts: 0 });
  });

  it("holds and charges a member's run on the team's credits, not the member's", async ({ ctx, db }) => {
    const { member, workspace, memberThere } = await team(ctx);
    await db.update(userCredits).set({ credits: 20_000 }).where(eq(userCredits.workspaceId, workspace.id));
    const { run } = await createTaskWithRun({ ctx, caller: memberThere, input: { settings: { prompt: "p", session_timeout: 300 } } });
    expect(await readBalance(db, workspace.id)).toMatchObject({ credits: 20_000, heldCredits: 300 * 23 });
    await claimRun({ ctx, input: { runId: run.id } });
    const done = await finishRun({ ctx, input: { runId: run.id, status: "success", executionTime: 100 } });
    expect(done?.cost).toBe(2_300);
    expect(await readBalance(db, workspace.id)).toMatchObject({ credits: 20_000 - 2_300, heldCredits: 0 });
    expect(await readBalance(db, member.id)).toMatchObject({ credits: 50_000, freePrompts: 5 });
    // The account, as the member sees it in the team, shows the team's balance.
    expect((await getAccount({ ctx, caller: memberThere, input: {} })).balance).toMatchObject({ credits: 20_000 - 2_300, freePrompts: 0 });
    expect((await getAccount({ ctx, caller: testCaller(member.id), input: {} })).balance).toMatchObject({
      credits: 50_000,
      freePrompts: 5,
    });
  });

  it("lets only owners and admins buy credits", async ({ ctx }) => {
    const { memberThere } = await team(ctx);
    expect(await refusal(createPayment({ ctx, caller: memberThere, input: { amountCents: 500 } }))).toMatchObject({ code: "forbidden" });
  });
});
