import { API_KEY_SCOPES, WORKSPACE_OPERATIONS, type ApiKeyScope, type WorkspaceOperation } from "@errand/contract";
import { apiKeys, workspaceMembers } from "@errand/db";
import { and, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { CallerCache, callerFromApiKey, revealApiKey, rotateApiKey } from "../accounts/index.ts";
import type { ServiceContext } from "../context.ts";
import { createTaskWithRun, getRun, listRecentRuns } from "../runs/index.ts";
import { getWebhookSecret } from "../webhooks/index.ts";
import { createTestAccount, inputProblems, refusal, serviceTest as it, testCaller } from "../testing.ts";
import { addMember, callerInWorkspace, createWorkspace, requireRole } from "../workspaces/index.ts";
import { hashApiKey } from "../accounts/api-key.ts";
import { findNamedKey, noteKeyUse } from "./find-named-key.ts";
import { createApiKey, listApiKeys, revokeApiKey } from "./index.ts";

/** A person, and a key of their personal workspace with these scopes: its secret and its caller. */
async function keyWith(ctx: ServiceContext, scopes: ApiKeyScope[], extra: Record<string, unknown> = {}) {
  const owner = await createTestAccount(ctx);
  const made = await createApiKey({ ctx, caller: testCaller(owner.id), input: { name: `key ${scopes.join("+")}`, scopes, ...extra } });
  return { owner, made, caller: await callerFromApiKey({ ctx, input: { apiKey: made.secret, ip: "203.0.113.7" } }) };
}

const lacks = (scope: ApiKeyScope) => ({ code: "forbidden", message: `This API key lacks the ${scope} scope`, fields: {} });

/** The scope each kind of operation needs (docs/adr/0035-named-api-keys-with-scopes.md). */
const NEEDS: Record<WorkspaceOperation, ApiKeyScope> = { read: "read", run: "run", manage: "manage", billing: "manage", delete: "manage" };

describe("named API keys", () => {
  it("shows the secret once, keeps only its hash, and lists the key with who made it", async ({ ctx }) => {
    const { owner, made } = await keyWith(ctx, ["run", "read"]);
    expect(made).toEqual({
      id: expect.any(String),
      name: "key run+read",
      scopes: ["read", "run"],
      prefix: made.secret.slice(0, 14),
      created_by: { user_id: owner.id, email: owner.email },
      created_at: expect.any(String),
      expires_at: null,
      last_used_at: null,
      last_used_ip: null,
      secret: expect.stringMatching(/^errand_sk_[A-Za-z0-9_-]{43}$/),
    });
    const [row] = await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, made.id));
    expect(JSON.stringify(row)).not.toContain(made.secret.slice(10));
    const { secret: _shownOnce, ...listed } = made;
    const list = await listApiKeys({ ctx, caller: testCaller(owner.id), input: {} });
    expect(list.api_keys).toEqual([{ ...listed, last_used_at: expect.any(String), last_used_ip: "203.0.113.7" }]);
    expect(JSON.stringify(list)).not.toContain(made.secret);
  });

  it("acts in its workspace as its maker, with only its scopes", async ({ ctx }) => {
    const { owner, made, caller } = await keyWith(ctx, ["read"]);
    expect(caller).toEqual({
      userId: owner.id,
      isAdmin: false,
      via: "api-key",
      scopes: ["read"],
      workspaceId: owner.id,
      role: "owner",
      apiKeyId: made.id,
    });
    const { run } = await createTaskWithRun({ ctx, caller: testCaller(owner.id), input: { settings: { prompt: "check prices" } } });

    expect((await getRun({ ctx, caller, input: { runId: run.id } })).run.id).toBe(run.id);
    expect(await refusal(createTaskWithRun({ ctx, caller, input: { settings: { prompt: "p" } } }))).toEqual(lacks("run"));
    expect(await refusal(listApiKeys({ ctx, caller, input: {} }))).toEqual(lacks("manage"));
    expect(await refusal(revokeApiKey({ ctx, caller, input: { id: made.id } }))).toEqual(lacks("manage"));

    const runner = (await keyWith(ctx, ["run"])).caller;
    expect(await refusal(listRecentRuns({ ctx, caller: runner, input: {} }))).toEqual(lacks("read"));
    await expect(createTaskWithRun({ ctx, caller: runner, input: { settings: { prompt: "p" } } })).resolves.toBeDefined();
  });

  it("never reveals or replaces the personal key, nor the webhook secret, whatever its scopes", async ({ ctx }) => {
    const { caller } = await keyWith(ctx, ["read", "run", "manage"]);
    const refused = (what: string) => ({
      code: "forbidden",
      message: `A named API key cannot ${what}: use your personal key or the web app`,
      fields: {},
    });
    expect(await refusal(revealApiKey({ ctx, caller, input: {} }))).toEqual(refused("reveal the personal API key"));
    expect(await refusal(rotateApiKey({ ctx, caller, input: {} }))).toEqual(refused("replace the personal API key"));
    expect(await refusal(getWebhookSecret({ ctx, caller, input: {} }))).toEqual(refused("read the webhook signing secret"));
  });

  it("needs read to read, run to run, and manage to manage, bill or delete, whatever the role allows", () => {
    for (const scope of API_KEY_SCOPES) {
      for (const operation of WORKSPACE_OPERATIONS) {
        const caller = testCaller("u", { scopes: [scope], role: "owner" });
        const check = () => requireRole(caller, operation);
        if (NEEDS[operation] === scope) expect(check, `${scope} key, ${operation}`).not.toThrow();
        else expect(check, `${scope} key, ${operation}`).toThrow(`This API key lacks the ${NEEDS[operation]} scope`);
      }
    }
  });

  it("refuses an expired key as expired and a revoked one as invalid; revoking twice is fine", async ({ ctx }) => {
    const { owner, made } = await keyWith(ctx, ["read"], { expires_in_days: 30 });
    expect(Date.parse(made.expires_at!) - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
    await ctx.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, made.id));
    // A change written outside the verbs is seen within a second; here, at once.
    ctx.callerCache?.clear();
    expect(await refusal(callerFromApiKey({ ctx, input: { apiKey: made.secret } }))).toMatchObject({
      code: "unauthorized",
      message: "API key expired",
    });

    const other = await keyWith(ctx, ["read"]);
    await revokeApiKey({ ctx, caller: testCaller(other.owner.id), input: { id: other.made.id } });
    await revokeApiKey({ ctx, caller: testCaller(other.owner.id), input: { id: other.made.id } });
    expect(await refusal(callerFromApiKey({ ctx, input: { apiKey: other.made.secret } }))).toMatchObject({
      code: "unauthorized",
      message: "Invalid API key",
    });
    expect((await listApiKeys({ ctx, caller: testCaller(other.owner.id), input: {} })).api_keys).toEqual([]);
    // Another workspace's key is not found, and stays working.
    expect(await refusal(revokeApiKey({ ctx, caller: testCaller(other.owner.id), input: { id: made.id } }))).toMatchObject({
      code: "not_found",
      message: "API key not found",
    });
    expect((await listApiKeys({ ctx, caller: testCaller(owner.id), input: {} })).api_keys.map((k) => k.id)).toEqual([made.id]);
  });

  it("keeps a key's caller for a second: a revoke here is seen at once, one in another process within the second", async ({ ctx }) => {
    let now = Date.now();
    const other: ServiceContext = { ...ctx, callerCache: new CallerCache({ now: () => now }) };
    const { owner, made } = await keyWith(ctx, ["read"]);
    const resolve = (where: ServiceContext) => callerFromApiKey({ ctx: where, input: { apiKey: made.secret } });
    expect((await resolve(other)).apiKeyId).toBe(made.id);
    // The key's row goes; the other process answers from what it resolved, without a query...
    await ctx.db.delete(apiKeys).where(eq(apiKeys.id, made.id));
    expect((await resolve(other)).apiKeyId).toBe(made.id);
    // ...until its second is over.
    now += 1_001;
    expect(await refusal(resolve(other))).toMatchObject({ code: "unauthorized", message: "Invalid API key" });

    // Revoked through the verb in the process that cached it: refused from the next request.
    const second = await keyWith(ctx, ["read"]);
    expect((await callerFromApiKey({ ctx, input: { apiKey: second.made.secret } })).apiKeyId).toBe(second.made.id);
    await revokeApiKey({ ctx, caller: testCaller(second.owner.id), input: { id: second.made.id } });
    expect(await refusal(callerFromApiKey({ ctx, input: { apiKey: second.made.secret } }))).toMatchObject({ message: "Invalid API key" });
    // A rotated personal key likewise.
    const { apiKey } = await revealApiKey({ ctx, caller: testCaller(owner.id), input: {} });
    await callerFromApiKey({ ctx, input: { apiKey } });
    await rotateApiKey({ ctx, caller: testCaller(owner.id), input: {} });
    expect(await refusal(callerFromApiKey({ ctx, input: { apiKey } }))).toMatchObject({ message: "Invalid API key" });
  });

  it("stops a removed member's keys at once and follows a member's current role", async ({ ctx }) => {
    const [owner, admin] = [await createTestAccount(ctx), await createTestAccount(ctx)];
    const workspace = await createWorkspace({ ctx, caller: testCaller(owner.id), input: { name: "Ops" } });
    const ownerThere = await callerInWorkspace({ ctx, caller: testCaller(owner.id), input: { workspaceId: workspace.id } });
    await addMember({ ctx, caller: ownerThere, input: { userId: admin.id, role: "admin" } });
    const adminThere = await callerInWorkspace({ ctx, caller: testCaller(admin.id), input: { workspaceId: workspace.id } });
    const made = await createApiKey({ ctx, caller: adminThere, input: { name: "ci", scopes: ["read", "run", "manage"] } });

    const asKey = () => callerFromApiKey({ ctx, input: { apiKey: made.secret } });
    expect(await asKey()).toMatchObject({ userId: admin.id, workspaceId: workspace.id, role: "admin" });
    expect((await listApiKeys({ ctx, caller: ownerThere, input: {} })).api_keys.map((k) => k.created_by.email)).toEqual([admin.email]);

    await addMember({ ctx, caller: ownerThere, input: { userId: admin.id, role: "member" } });
    const demoted = await asKey();
    expect(demoted.role).toBe("member");
    expect(await refusal(listApiKeys({ ctx, caller: demoted, input: {} }))).toMatchObject({ code: "forbidden" });

    await ctx.db.delete(workspaceMembers).where(and(eq(workspaceMembers.workspaceId, workspace.id), eq(workspaceMembers.userId, admin.id)));
    ctx.callerCache?.clear(); // written outside the verbs: seen within a second, here at once
    expect(await refusal(asKey())).toMatchObject({ code: "unauthorized", message: "Invalid API key" });
  });

  it("writes a key's last use at most once a minute", async ({ ctx }) => {
    const { made } = await keyWith(ctx, ["read"]);
    const lastUse = async () =>
      (await ctx.db.select({ at: apiKeys.lastUsedAt, ip: apiKeys.lastUsedIp }).from(apiKeys).where(eq(apiKeys.id, made.id)))[0]!;
    const first = await lastUse();
    expect(first.ip).toBe("203.0.113.7");

    await callerFromApiKey({ ctx, input: { apiKey: made.secret, ip: "198.51.100.1" } });
    expect(await lastUse()).toEqual(first);

    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await ctx.db.update(apiKeys).set({ lastUsedAt: twoMinutesAgo }).where(eq(apiKeys.id, made.id));
    ctx.callerCache?.clear(); // a key is looked up again once its cached second is over
    await callerFromApiKey({ ctx, input: { apiKey: made.secret, ip: "198.51.100.1" } });
    const later = await lastUse();
    expect(later.ip).toBe("198.51.100.1");
    expect(later.at!.getTime()).toBeGreaterThan(twoMinutesAgo.getTime());
  });

  it("writes the last use once when two servers see the same stale row at once", async ({ ctx }) => {
    const { made } = await keyWith(ctx, ["read"]);
    await ctx.db
      .update(apiKeys)
      .set({ lastUsedAt: new Date(Date.now() - 120_000) })
      .where(eq(apiKeys.id, made.id));
    const seen = (await findNamedKey(ctx, hashApiKey(made.secret)))!;
    await noteKeyUse(ctx, seen, "198.51.100.1");
    await noteKeyUse(ctx, seen, "198.51.100.2");
    const [row] = await ctx.db.select({ ip: apiKeys.lastUsedIp }).from(apiKeys).where(eq(apiKeys.id, made.id));
    expect(row!.ip).toBe("198.51.100.1");
  });

  it("lets only owners and admins make keys, and says what is wrong with the input", async ({ ctx }) => {
    const owner = await createTestAccount(ctx);
    const viewer = testCaller(owner.id, { role: "viewer" });
    expect(await refusal(createApiKey({ ctx, caller: viewer, input: { name: "x", scopes: ["read"] } }))).toMatchObject({
      code: "forbidden",
      message: "Only the workspace's owners and admins can do this",
    });
    expect(
      await inputProblems(
        createApiKey({
          ctx,
          caller: testCaller(owner.id),
          input: { name: "  ", scopes: ["write"], expires_at: "2001-01-01T00:00:00Z" },
        }),
      ),
    ).toEqual({
      name: "name is required",
      "scopes.0": "each scope must be read, run or manage",
      expires_at: "expires_at must be in the future",
    });
    expect(
      await inputProblems(
        createApiKey({
          ctx,
          caller: testCaller(owner.id),
          input: { name: "x", scopes: [], expires_at: "2999-01-01T00:00:00Z", expires_in_days: 3 },
        }),
      ),
    ).toEqual({ scopes: "scopes must name at least one scope", expires_at: "Send expires_at or expires_in_days, not both" });
  });
});
