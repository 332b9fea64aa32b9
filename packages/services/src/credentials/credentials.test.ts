import { randomBytes } from "node:crypto";
import { credentials, tasks, tasksRuns } from "@errand/db";
import { createTestUser, openTestDb } from "@errand/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";

import { keyId } from "../secrets/encryption.ts";
import { resealSecrets } from "../secrets/reseal-secrets.ts";
import { updateTask } from "../tasks/update-task.ts";
import { createTaskWithRun } from "../runs/create-task-with-run.ts";
import { makeTestContext, testCaller, inputProblems } from "../testing.ts";
import { createCredential } from "./create-credential.ts";
import { deleteCredential } from "./delete-credential.ts";
import { getCredential } from "./get-credential.ts";
import { listCredentials } from "./list-credentials.ts";
import { loadRunCredentials } from "./load-run-credentials.ts";
import { updateCredential } from "./update-credential.ts";

const { db, close } = openTestDb();
const ctx = makeTestContext(db);
afterAll(() => close());

const PASSWORD = "s3cret-Pa55word!";
const TOTP = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const github = {
  name: "github-work",
  domains: ["github.com", "*.github.com"],
  username: "alice@example.com",
  password: PASSWORD,
  totp_secret: TOTP,
};

async function owner() {
  const user = await createTestUser(db);
  return { user, caller: testCaller(user.id) };
}

/** A task naming `names`, and a run of it. */
async function runOfTask(userId: string, names: string[]) {
  const [task] = await db.insert(tasks).values({ userId, workspaceId: userId, prompt: "Sign in", credentialNames: names }).returning();
  const [run] = await db.insert(tasksRuns).values({ taskId: task!.id, userId, workspaceId: userId, prompt: "Sign in" }).returning();
  return { task: task!, run: run! };
}

describe("credential vault", () => {
  it("keeps every value sealed at rest and never returns one", async () => {
    const { caller } = await owner();
    const created = await createCredential({ ctx, caller, input: { ...github, totp_secret: "jbsw y3dp ehpk 3pxp jbsw y3dp ehpk 3pxp" } });
    expect(created).toEqual({
      id: expect.any(String),
      name: "github-work",
      domains: ["github.com", "*.github.com"],
      username_hint: "a***@example.com",
      has_totp: true,
      mailbox: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const [row] = await db.select().from(credentials).where(eq(credentials.id, created.id));
    for (const column of [row!.usernameCiphertext, row!.passwordCiphertext, row!.totpSecretCiphertext!]) {
      expect(column.startsWith(`v1.${keyId(ctx.encryptionKey)}.`)).toBe(true);
    }
    expect(JSON.stringify(row)).not.toContain(PASSWORD);
    expect(JSON.stringify(row)).not.toContain("alice@example.com");
    expect(JSON.stringify(row)).not.toContain(TOTP);

    const listed = await listCredentials({ ctx, caller, input: {} });
    expect(listed).toEqual({ credentials: [created] });
    expect(await getCredential({ ctx, caller, input: { id: created.id } })).toEqual(created);
    expect(JSON.stringify(listed)).not.toMatch(/s3cret|alice@|JBSW/);
  });

  it("changes only the fields sent, and removes the TOTP secret when asked", async () => {
    const { user, caller } = await owner();
    const created = await createCredential({ ctx, caller, input: github });
    const renamed = await updateCredential({
      ctx,
      caller,
      input: { id: created.id, changes: { name: "GitHub-Main", domains: ["github.com"] } },
    });
    expect(renamed).toMatchObject({ name: "github-main", domains: ["github.com"], username_hint: "a***@example.com", has_totp: true });
    await updateCredential({ ctx, caller, input: { id: created.id, changes: { password: "new-password-9", totp_secret: null } } });
    const { run } = await runOfTask(user.id, ["github-main"]);
    const [opened] = await loadRunCredentials({ ctx, input: { runId: run.id } });
    expect(opened).toEqual({ name: "github-main", domains: ["github.com"], username: "alice@example.com", password: "new-password-9" });
  });

  it("refuses a name the account already uses, and validates names, domains and TOTP secrets", async () => {
    const { caller } = await owner();
    await createCredential({ ctx, caller, input: github });
    await expect(createCredential({ ctx, caller, input: github })).rejects.toMatchObject({
      code: "conflict",
      message: "You already have a credential named github-work: choose another name.",
    });
    const other = await createCredential({ ctx, caller, input: { ...github, name: "github-home" } });
    await expect(updateCredential({ ctx, caller, input: { id: other.id, changes: { name: "github-work" } } })).rejects.toMatchObject({
      code: "conflict",
    });

    expect(await inputProblems(createCredential({ ctx, caller, input: { ...github, name: "GitHub Work!" } }))).toEqual({
      name: "name must be lowercase letters, digits and dashes, like github-work",
    });
    expect(
      await inputProblems(createCredential({ ctx, caller, input: { ...github, name: "a", domains: ["https://github.com/login"] } })),
    ).toEqual({
      "domains.0": "each domain must be a hostname such as github.com or *.example.com (no scheme, port or path)",
    });
    expect(await inputProblems(createCredential({ ctx, caller, input: { ...github, name: "b", domains: [] } }))).toEqual({
      domains: "domains must name at least one domain",
    });
    expect(await inputProblems(createCredential({ ctx, caller, input: { ...github, name: "c", totp_secret: "123456" } }))).toMatchObject({
      totp_secret: expect.stringContaining("base32"),
    });
    expect(await inputProblems(createCredential({ ctx, caller, input: { name: "d", domains: ["x.com"] } }))).toMatchObject({
      username: expect.any(String),
      password: expect.any(String),
    });
    // An authenticator link is read for its secret.
    const linked = await createCredential({
      ctx,
      caller,
      input: { ...github, name: "e", totp_secret: `otpauth://totp/GitHub:alice?secret=${TOTP}&issuer=GitHub` },
    });
    expect(linked.has_totp).toBe(true);
  });

  it("names a mailbox sealed whole, shows where it is but never its password, and refuses bad or private hosts", async () => {
    const { user, caller } = await owner();
    const MAIL_PASSWORD = "app-pass-7Q2x";
    const mailbox = {
      host: "127.0.0.1",
      port: 1143,
      tls: false,
      user: "codes@example.com",
      password: MAIL_PASSWORD,
      from: " No-Reply@Vault.Test ",
    };
    const created = await createCredential({ ctx, caller, input: { ...github, mailbox } });
    // The folder defaults to INBOX; the sender filter is compared in lowercase.
    const shown = {
      host: "127.0.0.1",
      port: 1143,
      tls: false,
      user_hint: "c***@example.com",
      folder: "INBOX",
      from: "no-reply@vault.test",
    };
    expect(created.mailbox).toEqual(shown);
    expect(await getCredential({ ctx, caller, input: { id: created.id } })).toMatchObject({ mailbox: shown });
    const [row] = await db.select().from(credentials).where(eq(credentials.id, created.id));
    expect(row!.mailboxCiphertext!.startsWith(`v1.${keyId(ctx.encryptionKey)}.`)).toBe(true);
    expect(JSON.stringify(row)).not.toMatch(/app-pass|codes@|1143/);
    expect(JSON.stringify(created)).not.toContain(MAIL_PASSWORD);

    const { run } = await runOfTask(user.id, ["github-work"]);
    const [opened] = await loadRunCredentials({ ctx, input: { runId: run.id } });
    expect(opened?.mailbox).toEqual({ ...mailbox, folder: "INBOX", from: "no-reply@vault.test" });

    // A mailbox is sent whole and null removes it; leaving it out keeps it.
    const renamed = await updateCredential({ ctx, caller, input: { id: created.id, changes: { domains: ["github.com"] } } });
    expect(renamed.mailbox).toEqual(shown);
    const moved = await updateCredential({
      ctx,
      caller,
      input: { id: created.id, changes: { mailbox: { ...mailbox, host: "localhost", port: 993, tls: true, folder: "Codes", from: "" } } },
    });
    expect(moved.mailbox).toEqual({ host: "localhost", port: 993, tls: true, user_hint: "c***@example.com", folder: "Codes", from: null });
    expect((await updateCredential({ ctx, caller, input: { id: created.id, changes: { mailbox: null } } })).mailbox).toBeNull();

    expect(
      await inputProblems(
        createCredential({
          ctx,
          caller,
          input: { ...github, name: "m1", mailbox: { host: "imaps://imap.example.com/", port: 0, user: "" } },
        }),
      ),
    ).toEqual({
      "mailbox.host": "mailbox.host must be the IMAP server's hostname such as imap.gmail.com (no scheme, port or path)",
      "mailbox.port": "mailbox.port must be 1 to 65535",
      "mailbox.user": "mailbox.user is required: the mailbox's login, usually the e-mail address",
      "mailbox.password": "mailbox.password must be text",
    });
    // The worker would connect to the host: the private-address rule holds (loopback is let through in tests only).
    const inside = await inputProblems(
      updateCredential({ ctx, caller, input: { id: created.id, changes: { mailbox: { ...mailbox, host: "10.1.2.3" } } } }),
    );
    expect(inside).toEqual({ "mailbox.host": expect.stringContaining("ALLOW_PRIVATE_NETWORK=true") });
    expect((await getCredential({ ctx, caller, input: { id: created.id } })).mailbox).toBeNull();
  });

  it("is each account's own: another account's credential is missing to it", async () => {
    const alice = await owner();
    const bob = await owner();
    const created = await createCredential({ ctx, caller: alice.caller, input: github });
    await expect(getCredential({ ctx, caller: bob.caller, input: { id: created.id } })).rejects.toMatchObject({ code: "not_found" });
    await expect(
      updateCredential({ ctx, caller: bob.caller, input: { id: created.id, changes: { password: "stolen-1" } } }),
    ).rejects.toMatchObject({ code: "not_found" });
    await expect(deleteCredential({ ctx, caller: bob.caller, input: { id: created.id } })).rejects.toMatchObject({ code: "not_found" });
    expect((await listCredentials({ ctx, caller: bob.caller, input: {} })).credentials).toEqual([]);
    // Bob's task cannot name Alice's credential, and his run never opens it.
    const [task] = await db.insert(tasks).values({ userId: bob.user.id, workspaceId: bob.user.id, prompt: "x" }).returning();
    expect(
      await inputProblems(
        updateTask({ ctx, caller: bob.caller, input: { taskId: task!.id, changes: { credential_names: ["github-work"] } } }),
      ),
    ).toEqual({
      credential_names: "No credential named github-work",
    });
    // Nor can a new task of his (POST /runs).
    expect(
      await inputProblems(
        createTaskWithRun({ ctx, caller: bob.caller, input: { settings: { prompt: "x", credential_names: ["github-work"] } } }),
      ),
    ).toEqual({ credential_names: "No credential named github-work" });
    const { run } = await runOfTask(bob.user.id, ["github-work"]);
    expect(await loadRunCredentials({ ctx, input: { runId: run.id } })).toEqual([]);

    await deleteCredential({ ctx, caller: alice.caller, input: { id: created.id } });
    await expect(getCredential({ ctx, caller: alice.caller, input: { id: created.id } })).rejects.toMatchObject({ code: "not_found" });
  });

  it("gives a run exactly the credentials its task names, opened", async () => {
    const { user, caller } = await owner();
    await createCredential({ ctx, caller, input: github });
    await createCredential({ ctx, caller, input: { ...github, name: "bank", domains: ["bank.example"], totp_secret: undefined } });
    const [task] = await db.insert(tasks).values({ userId: user.id, workspaceId: user.id, prompt: "x" }).returning();
    const updated = await updateTask({
      ctx,
      caller,
      input: { taskId: task!.id, changes: { credential_names: ["github-work", "github-work"] } },
    });
    expect(updated.credential_names).toEqual(["github-work"]);
    const [run] = await db.insert(tasksRuns).values({ taskId: task!.id, userId: user.id, workspaceId: user.id, prompt: "x" }).returning();
    expect(await loadRunCredentials({ ctx, input: { runId: run!.id } })).toEqual([
      {
        name: "github-work",
        domains: ["github.com", "*.github.com"],
        username: "alice@example.com",
        password: PASSWORD,
        totp_secret: TOTP,
      },
    ]);
    // A task that names none gives its runs none.
    expect((await updateTask({ ctx, caller, input: { taskId: task!.id, changes: { credential_names: null } } })).credential_names).toEqual(
      [],
    );
    expect(await loadRunCredentials({ ctx, input: { runId: run!.id } })).toEqual([]);
  });

  it("is re-sealed with the new key when the encryption key rotates", async () => {
    const { user, caller } = await owner();
    const mailbox = { host: "127.0.0.1", user: "codes@example.com", password: "app-pass-7Q2x" };
    const created = await createCredential({ ctx, caller, input: { ...github, mailbox } });
    const rotating = { ...ctx, encryptionKey: randomBytes(32), previousEncryptionKeys: [ctx.encryptionKey] };
    const report = await resealSecrets({ ctx: rotating, input: {} });
    expect(report.credentials).toBeGreaterThanOrEqual(1);
    const [row] = await db.select().from(credentials).where(eq(credentials.id, created.id));
    for (const column of [row!.usernameCiphertext, row!.passwordCiphertext, row!.totpSecretCiphertext!, row!.mailboxCiphertext!])
      expect(column.split(".")[1]).toBe(keyId(rotating.encryptionKey));
    const { run } = await runOfTask(user.id, ["github-work"]);
    const newOnly = { ...rotating, previousEncryptionKeys: [] };
    const [opened] = await loadRunCredentials({ ctx: newOnly, input: { runId: run.id } });
    expect(opened?.password).toBe(PASSWORD);
    expect(opened?.mailbox?.password).toBe("app-pass-7Q2x");
  });
});
