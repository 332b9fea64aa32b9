import { randomBytes } from "node:crypto";
import type { RunController } from "@errand/contract";
import { describe, expect } from "vitest";
import type { ServiceContext } from "../context.ts";
import { connectViewer } from "../live/connect-viewer.ts";
import { createLiveRuns } from "../live/live-runs.ts";
import type { LiveTarget } from "../live/live-types.ts";
import { signViewerToken } from "../live/viewer-token.ts";
import { createTestAccount, giveCredits, refusal, serviceTest, testCaller } from "../testing.ts";
import { addMember, createWorkspace } from "../workspaces/index.ts";
import { claimRun } from "./claim-run.ts";
import { createTaskWithRun } from "./create-task-with-run.ts";
import { openRunLive } from "./open-run-live.ts";
import { setRunController } from "./set-run-controller.ts";

const it = serviceTest;
// What the browser shows is not what these tests are about: a target that shows nothing.
const blank: LiveTarget = { attach: () => ({ receive: async () => {}, detach() {} }), setInteractive() {}, notice() {}, end() {} };
const tokenOf = (link: { debug_url: string }) => link.debug_url.split("#token=")[1]!;

/** Ada's run in the team "Finance", offered live by this process, with Bob (member), Vic (viewer) and Carol (outside). */
async function teamRunLive(base: ServiceContext) {
  const runs = createLiveRuns();
  const ctx: ServiceContext = { ...base, live: { sessions: undefined!, runs, tokenKey: randomBytes(32), tokenTtlMs: 60_000 } };
  const [ada, bob, vic, carol] = await Promise.all([1, 2, 3, 4].map(() => createTestAccount(ctx)));
  const team = await createWorkspace({ ctx, caller: testCaller(ada!.id), input: { name: "Finance" } });
  await giveCredits(ctx.db, team.id);
  const inTeam = (userId: string, role: "owner" | "member" | "viewer") => testCaller(userId, { workspaceId: team.id, role });
  await addMember({ ctx, caller: inTeam(ada!.id, "owner"), input: { userId: bob!.id, role: "member" } });
  await addMember({ ctx, caller: inTeam(ada!.id, "owner"), input: { userId: vic!.id, role: "viewer" } });
  const { run } = await createTaskWithRun({ ctx, caller: inTeam(ada!.id, "owner"), input: { settings: { prompt: "file the report" } } });
  await claimRun({ ctx, input: { runId: run.id } });
  let controller: RunController = "agent";
  runs.register({
    runId: run.id,
    userId: ada!.id,
    workspaceId: team.id,
    live: blank,
    controller: () => controller,
    setController: (next) => void (controller = next),
  });
  return { ctx, runId: run.id, team, bob: inTeam(bob!.id, "member"), vic: inTeam(vic!.id, "viewer"), carol: testCaller(carol!.id) };
}

describe("a team run's live browser", () => {
  it("any member who can read the run watches it; members may take control, viewers may not", async ({ ctx: base }) => {
    const { ctx, runId, bob, vic } = await teamRunLive(base);

    const bobsLink = await openRunLive({ ctx, caller: bob, input: { runId } });
    expect(bobsLink.controller).toBe("agent");
    expect(await connectViewer({ ctx, input: { token: tokenOf(bobsLink) } })).toEqual({ kind: "run", id: runId, live: blank });
    const vicsLink = await openRunLive({ ctx, caller: vic, input: { runId } });
    expect(await connectViewer({ ctx, input: { token: tokenOf(vicsLink) } })).toMatchObject({ kind: "run", id: runId });

    expect(await refusal(setRunController({ ctx, caller: vic, input: { runId, action: "take" } }))).toMatchObject({
      code: "forbidden",
      message: "Viewers can only read in this workspace: this call changes something",
    });
    expect(await setRunController({ ctx, caller: bob, input: { runId, action: "take" } })).toEqual({ controller: "person" });
    expect(await setRunController({ ctx, caller: bob, input: { runId, action: "release" } })).toEqual({ controller: "agent" });
  });

  it("is not found for someone outside the workspace, with a link of their own or one signed for their workspace", async ({
    ctx: base,
  }) => {
    const { ctx, runId, carol } = await teamRunLive(base);
    expect(await refusal(openRunLive({ ctx, caller: carol, input: { runId } }))).toMatchObject({
      code: "not_found",
      message: "Run not found",
    });
    const forged = signViewerToken(ctx.live!.tokenKey, { kind: "run", id: runId, owner: carol.workspaceId, exp: Date.now() + 60_000 });
    expect(await refusal(connectViewer({ ctx, input: { token: forged } }))).toMatchObject({ code: "not_found" });
  });
});
