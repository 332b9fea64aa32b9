import { proxyEntries, tasks, type Db } from "@errand/db";
import { count, eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import type { ServiceContext } from "../context.ts";

import { createProxyPool } from "../proxies/create-proxy-pool.ts";
import { updateProxyPool } from "../proxies/update-proxy-pool.ts";
import { createRunForTask } from "../runs/create-run-for-task.ts";
import { createTaskWithRun } from "../runs/create-task-with-run.ts";
import { updateTask } from "../tasks/update-task.ts";
import { createTestAccount, serviceTest, testCaller, refusal } from "../testing.ts";
import { createWebhook } from "../webhooks/create-webhook.ts";

const it = serviceTest.extend("contextConfig", { billingEnabled: false, pendingRunsPerAccount: 100 });
let db: Db;
/** The production rule: ALLOW_PRIVATE_NETWORK unset. */
let strict: ServiceContext;
/** ALLOW_PRIVATE_NETWORK=true (intranet automation). */
let open: ServiceContext;

/** Names only these tests know: one resolving inside, one outside, one half and half. */
const dns: Record<string, string[]> = {
  "intranet.example": ["10.0.0.7"],
  "hooks.example": ["93.184.216.34"],
  "rebound.example": ["93.184.216.34", "127.0.0.1"],
  "metadata.cloud.example": ["169.254.169.254"],
};
const lookup = async (host: string) => {
  const found = dns[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
  return found;
};

it.beforeAll(({ db: fileDb, ctx: base }) => {
  db = fileDb;
  strict = { ...base, network: { allowPrivate: false, lookup } };
  open = { ...base, network: { allowPrivate: true, lookup } };
});

/** The app's own port (BASE_URL of the test context). */
const OWN_PORT = 3000;

/** Every form of "inside" a caller may write: literals, spellings of them, names, and the app itself. */
const PRIVATE_HOSTS = [
  "127.0.0.1",
  "[::1]",
  "localhost",
  "10.0.0.1",
  "172.16.0.1",
  "192.168.1.1",
  "100.64.0.1",
  "[fd00::1]",
  "[fe80::1]",
  "169.254.169.254",
  "metadata.google.internal",
  "0.0.0.0",
  "[::ffff:127.0.0.1]",
  "[::ffff:a9fe:a9fe]",
  "2130706433",
  "0x7f000001",
  "017700000001",
  "127.1",
  "intranet.example",
  "rebound.example",
  "metadata.cloud.example",
  `127.0.0.1:${OWN_PORT}`,
  `localhost:${OWN_PORT}`,
];
const privateUrls = PRIVATE_HOSTS.map((host) => `http://${host}/hook`);

const RULE =
  /is a private, loopback, link-local or metadata address|resolves to .*, a private, loopback, link-local or metadata address|names a private, loopback, link-local or metadata address/;
const UNLESS = "such addresses are refused unless the server sets ALLOW_PRIVATE_NETWORK=true";

const tasksOf = async (userId: string) =>
  ((await db.select({ n: count() }).from(tasks).where(eq(tasks.userId, userId))) as [{ n: number }])[0].n;

describe("the private-address rule at creation", () => {
  it("refuses account webhooks at every private form, naming the field and the rule, and writes nothing", async () => {
    const user = await createTestAccount(strict);
    const caller = testCaller(user.id);
    for (const url of privateUrls) {
      const { code, message, fields } = await refusal(createWebhook({ ctx: strict, caller, input: { url, events: ["run.finished"] } }));
      expect(code, url).toBe("validation_error");
      expect(fields.url, url).toMatch(RULE);
      expect(fields.url, url).toContain(UNLESS);
      expect(message, url).toMatch(/^url: /);
    }
    // Public addresses, names that do not resolve here (judged again when used), and ALLOW_PRIVATE_NETWORK pass.
    await createWebhook({ ctx: strict, caller, input: { url: "https://hooks.example/ok", events: ["run.finished"] } });
    await createWebhook({ ctx: strict, caller, input: { url: "https://not-yet-in-dns.example/ok", events: ["run.finished"] } });
    await createWebhook({ ctx: open, caller, input: { url: "http://10.0.0.1/intranet", events: ["run.finished"] } });
  });

  it("refuses a run's webhook_url and initial_url before the task or the run is written", async () => {
    const user = await createTestAccount(strict);
    const caller = testCaller(user.id);
    for (const url of privateUrls) {
      for (const field of ["webhook_url", "initial_url"] as const) {
        const { code, fields } = await refusal(
          createTaskWithRun({ ctx: strict, caller, input: { settings: { prompt: "p", [field]: url } } }),
        );
        expect(code, `${field} ${url}`).toBe("validation_error");
        expect(fields[field], `${field} ${url}`).toMatch(RULE);
        expect(fields[field], `${field} ${url}`).toContain(UNLESS);
      }
    }
    expect(await tasksOf(user.id)).toBe(0);

    const { task } = await createTaskWithRun({
      ctx: strict,
      caller,
      input: { settings: { prompt: "p", initial_url: "https://hooks.example/", webhook_url: "https://hooks.example/end" } },
    });
    const again = await refusal(
      createRunForTask({
        ctx: strict,
        caller,
        input: { taskId: task.id, settings: { prompt: "p", webhook_url: "http://169.254.169.254/" } },
      }),
    );
    expect(again.fields.webhook_url).toMatch(RULE);
    const edit = await refusal(
      updateTask({ ctx: strict, caller, input: { taskId: task.id, changes: { initial_url: "http://[::1]:8080/admin" } } }),
    );
    expect(edit.fields.initial_url).toMatch(RULE);
    await createTaskWithRun({
      ctx: open,
      caller,
      input: { settings: { prompt: "p", initial_url: "http://10.0.0.1/", webhook_url: "http://127.0.0.1:9/" } },
    });
  });

  it("refuses proxy pool entries at private addresses, on create and on update, naming the entry", async () => {
    const user = await createTestAccount(strict);
    const caller = testCaller(user.id);
    for (const host of PRIVATE_HOSTS) {
      const url = `http://user:secret@${host.includes(":") && !host.startsWith("[") ? host : `${host}:8080`}`;
      const { code, fields } = await refusal(
        createProxyPool({ ctx: strict, caller, input: { name: "inside", entries: [{ url: "http://gw.example:8000" }, { url }] } }),
      );
      expect(code, url).toBe("validation_error");
      expect(fields["entries.1.url"], url).toMatch(RULE);
      expect(fields["entries.1.url"], url).toContain(UNLESS);
      expect(JSON.stringify(fields), url).not.toContain("secret");
    }
    for (const scheme of ["https", "socks5"]) {
      const { fields } = await refusal(
        createProxyPool({ ctx: strict, caller, input: { name: "inside", entries: [{ url: `${scheme}://10.0.0.1:1080` }] } }),
      );
      expect(fields["entries.0.url"], scheme).toMatch(RULE);
    }

    const pool = await createProxyPool({
      ctx: strict,
      caller,
      input: { name: "outside", entries: [{ url: "http://user:pw@hooks.example:8000" }] },
    });
    const kept = pool.entries[0]!.id;
    const { fields } = await refusal(
      updateProxyPool({
        ctx: strict,
        caller,
        input: { id: pool.id, changes: { entries: [{ id: kept }, { url: "http://169.254.169.254:80" }] } },
      }),
    );
    expect(fields["entries.1.url"]).toMatch(RULE);
    expect(await db.select({ id: proxyEntries.id }).from(proxyEntries).where(eq(proxyEntries.poolId, pool.id))).toEqual([{ id: kept }]);
    await createProxyPool({ ctx: open, caller, input: { name: "intranet", entries: [{ url: "http://10.0.0.1:3128" }] } });
  });
});
