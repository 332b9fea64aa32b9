import { giveCredits, testMailer } from "@errand/services/testing";
import { describe, expect } from "vitest";
import { appTest } from "../../testing/app-test.ts";
import { json, TEST_BASE_URL, type TestApp } from "../../testing/test-app.ts";

// The app mails through real SMTP to the testkit's capture.
const it = appTest.extend("appOptions", { scope: "file" }, ({ smtp }) => ({
  parts: { mailer: testMailer(smtp.url) },
}));

let t: TestApp;
it.beforeAll(({ app }) => {
  t = app;
});

/** The web app's requests: the session cookie, from our own origin, in the workspace it has chosen. */
const web = (cookie: string, workspaceId?: string) => ({
  cookie,
  origin: TEST_BASE_URL,
  "content-type": "application/json",
  ...(workspaceId ? { "x-errand-workspace": workspaceId } : {}),
});

describe("workspaces API", () => {
  it("invites by e-mail, and the invitee accepts, works in the team, then loses access once removed", async ({ smtp }) => {
    const owner = await t.newCaller();
    const invitee = await t.newCaller();
    const created = await t.send("POST", "/api/v1/workspaces", web(owner.cookie), { name: "Growth" });
    expect(created.status).toBe(201);
    const team = await json(created);
    expect(team).toMatchObject({ name: "Growth", kind: "team", role: "owner" });

    const invited = await t.send("POST", `/api/v1/workspaces/${team.id}/invitations`, web(owner.cookie), {
      email: invitee.email,
      role: "member",
    });
    expect(invited.status).toBe(201);
    const mail = await smtp.waitForMail({ to: invitee.email });
    const token = /\/invitations\/([\w-]+)/.exec(mail.text ?? "")![1]!;

    // The link's page reads it without signing in.
    const status = await t.app.request(`/api/v1/invitations/${token}`);
    expect(status.status).toBe(200);
    expect(status.headers.get("cache-control")).toBe("no-store");
    expect(await json(status)).toMatchObject({ workspace_name: "Growth", email: invitee.email, role: "member", state: "pending" });
    const accepted = await t.send("POST", `/api/v1/invitations/${token}/accept`, web(invitee.cookie));
    expect(accepted.status).toBe(200);
    expect(await json(accepted)).toMatchObject({ id: team.id, role: "member" });
    expect((await json(await t.app.request("/api/v1/workspaces", { headers: web(invitee.cookie) }))).workspaces).toMatchObject([
      { kind: "personal", role: "owner" },
      { id: team.id, role: "member" },
    ]);

    // The team's runs spend the team's credits (docs/adr/0037-spending-limits.md).
    await giveCredits(t.ctx.db, team.id);
    // In the team, the invitee's run is the team's: the owner sees it there, not in their personal workspace.
    const run = await json(await t.send("POST", "/api/v1/runs", web(invitee.cookie, team.id), { prompt: "count the team's orders" }));
    const ownerTeamRuns = await json(await t.app.request("/api/v1/runs", { headers: web(owner.cookie, team.id) }));
    expect(ownerTeamRuns.runs.map((r: { id: string }) => r.id)).toEqual([run.id]);
    expect((await json(await t.app.request("/api/v1/runs", { headers: web(owner.cookie) }))).runs).toEqual([]);

    const members = await json(await t.app.request(`/api/v1/workspaces/${team.id}/members`, { headers: web(owner.cookie, team.id) }));
    expect(members.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [owner.email, "owner"],
      [invitee.email, "member"],
    ]);
    expect((await t.send("DELETE", `/api/v1/workspaces/${team.id}/members/${invitee.userId}`, web(owner.cookie))).status).toBe(204);

    const gone = await t.app.request("/api/v1/runs", { headers: web(invitee.cookie, team.id) });
    expect(gone.status).toBe(404);
    expect((await json(gone)).error).toEqual({ code: "not_found", message: "Workspace not found" });
    expect((await t.app.request(`/api/v1/runs/${run.id}`, { headers: web(invitee.cookie) })).status).toBe(404);
    expect((await t.app.request("/api/v1/runs", { headers: web(invitee.cookie) })).status).toBe(200);
  });

  it("lets an API key act in its own workspace only, whatever the header says", async () => {
    const owner = await t.newCaller();
    const team = await json(await t.send("POST", "/api/v1/workspaces", web(owner.cookie), { name: "Keys" }));
    const keyInTeam = { ...owner.headers, "x-errand-workspace": team.id };
    expect((await json(await t.app.request("/api/v1/workspaces", { headers: keyInTeam }))).workspaces).toMatchObject([
      { id: owner.userId, kind: "personal" },
    ]);
    const run = await json(await t.send("POST", "/api/v1/runs", keyInTeam, { prompt: "personal errand" }));
    expect((await json(await t.app.request("/api/v1/runs", { headers: web(owner.cookie, team.id) }))).runs).toEqual([]);
    expect((await json(await t.app.request("/api/v1/runs", { headers: web(owner.cookie) }))).runs.map((r: { id: string }) => r.id)).toEqual(
      [run.id],
    );
    const members = await t.app.request(`/api/v1/workspaces/${team.id}/members`, { headers: owner.headers });
    expect(members.status).toBe(404);
  });

  it("answers a header naming a workspace the person is not in with 404, and bad input with 400", async () => {
    const stranger = await t.newCaller();
    const owner = await t.newCaller();
    const team = await json(await t.send("POST", "/api/v1/workspaces", web(owner.cookie), { name: "Private" }));
    const res = await t.app.request("/api/v1/tasks", { headers: web(stranger.cookie, team.id) });
    expect(res.status).toBe(404);
    expect((await json(res)).error.message).toBe("Workspace not found");

    const problems = async (path: string, body: unknown) => (await json(await t.send("POST", path, web(owner.cookie), body))).error.fields;
    expect(await problems("/api/v1/workspaces", { name: "  " })).toEqual([{ path: "name", message: "Name is required" }]);
    expect(await problems(`/api/v1/workspaces/${team.id}/invitations`, { email: "not-an-address", role: "member" })).toEqual([
      { path: "email", message: "Enter a valid e-mail address" },
    ]);
    expect(await problems(`/api/v1/workspaces/${team.id}/invitations`, { email: "a@example.test", role: "owner" })).toEqual([
      { path: "role", message: "role must be one of admin, member, viewer" },
    ]);
    expect((await t.app.request("/api/v1/invitations/no-such-token")).status).toBe(404);
  });
});
