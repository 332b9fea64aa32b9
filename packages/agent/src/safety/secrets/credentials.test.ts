import { startImapServer, startSmtpCapture, VAULT_USER, type ImapServer, type SmtpCapture } from "@errand/testkit";
import type { FakeResponder } from "@errand/testkit";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect } from "vitest";
import { agentTest } from "../../testing/agent-test.ts";
import { call } from "../../testing/turns.ts";
import { indexOf, latestState, toolResults } from "../../testing/harness.ts";
import type { Harness } from "../../testing/harness.ts";
import type { AgentCredential } from "../../types/credentials.ts";
import { totpFromBase32 } from "./totp.ts";

const it = agentTest;
let h: Harness;
it.beforeAll(({ agent }) => {
  h = agent;
});

const MAILBOX_PASSWORD = "mailbox-app-pass-42";
const MAILBOX_USER = "codes@vault.test";
// A loopback mailbox fed through SMTP, where Vault Co's e-mailed codes arrive.
let smtp: SmtpCapture;
let imap: ImapServer;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  imap = await startImapServer({ smtp, accounts: { [MAILBOX_USER]: MAILBOX_PASSWORD } });
});
afterAll(async () => {
  await imap.close();
  await smtp.close();
});
const vaultCo = (domains: string[]): AgentCredential => ({
  name: "vault-co",
  domains,
  username: VAULT_USER.username,
  password: VAULT_USER.password,
  totp_secret: VAULT_USER.totpSecret,
  mailbox: {
    host: imap.host,
    port: imap.port,
    tls: false,
    user: MAILBOX_USER,
    password: MAILBOX_PASSWORD,
    folder: "INBOX",
    from: "no-reply@vault.test",
  },
});
/** Postbox signs in without a password: its link or code goes to the loopback mailbox. */
const postbox = (): AgentCredential => ({
  name: "postbox",
  domains: ["127.0.0.1"],
  username: MAILBOX_USER,
  password: "unused-postbox-pass",
  mailbox: { ...vaultCo([]).mailbox!, from: "no-reply@postbox.test" },
});
const postboxSignIns = async () => ((await (await fetch(`${h.sites.url}/postbox/status`)).json()) as { signed_in: string[] }).signed_in;

/** The newest sign-in link Postbox mailed, and its token, read from the SMTP capture (the test's eyes only). */
function mailedLink(): { link: string; token: string } {
  const mail = smtp
    .messages()
    .filter((m) => m.subject === "Your Postbox sign-in link")
    .at(-1)!;
  const link = /https?:\/\/\S+\/postbox\/magic\?token=[\w-]+/.exec(mail.text ?? "")![0];
  return { link, token: new URL(link).searchParams.get("token")! };
}

/** The run's steps as recorded (screenshots aside), as text. */
const recordsOf = (steps: Awaited<ReturnType<Harness["run"]>>["steps"]) =>
  JSON.stringify(steps.map(({ screenshot: _screenshot, ...step }) => step));

/** None of `secrets` reached the model, nor the run's steps. */
function expectKeptFromModelAndSteps(steps: Awaited<ReturnType<Harness["run"]>>["steps"], secrets: string[]) {
  const records = recordsOf(steps);
  for (const secret of secrets) {
    for (const r of h.model.requests) expect(r.raw).not.toContain(secret);
    expect(records).not.toContain(secret);
  }
}

/** A run signing in to Postbox with its vault credential, the site mailing through the file's SMTP; the model does `next` after `button`. */
function signInToPostbox(button: string, next: FakeResponder) {
  h.sites.reset();
  h.sites.mailThrough(smtp);
  h.model.setResponder(postboxScript(button, next));
  return h.run({
    task: { prompt: "Sign in to Postbox", initialUrl: `${h.sites.url}/postbox/login` },
    credentials: [postbox()],
    network: { allowHosts: [new URL(h.sites.url).host, `${imap.host}:${imap.port}`] },
  });
}

/**
 * Signs in to Postbox by the link it e-mails, opened with `tool`: the site's own record says so, and
 * neither the link, its token nor the message reaches the model or the steps. Answers the model's
 * requests and what the tool told it.
 */
async function signInByMailedLink(tool: "navigate" | "open_tab") {
  const { result, steps } = await signInToPostbox("Send me a link", () => ({
    toolCalls: [call(tool, { url: "{{secret:postbox.email_link}}" })],
  }));
  expect(result, result.reason ?? "").toMatchObject({ status: "success" });
  expect(await postboxSignIns()).toEqual([`${MAILBOX_USER} by link`]);
  const { link, token } = mailedLink();
  expectKeptFromModelAndSteps(steps, [link, token, "Your Postbox sign-in link", MAILBOX_PASSWORD]);
  const requests = h.model.chatRequests();
  const results = requests.flatMap((r) => toolResults(r));
  return { requests, opened: results.find((t) => t.startsWith("Opened the sign-in link e-mailed to the mailbox of postbox")) };
}

/** The model on Postbox: its e-mail address, then `button`; on the page after, `next`; done once welcomed. */
function postboxScript(button: string, next: FakeResponder): FakeResponder {
  return (req, i) => {
    const state = latestState(req);
    if (state.includes("Sign in to Postbox"))
      return {
        toolCalls: [
          call("type", { index: indexOf(req, "type=email"), text: "{{secret:postbox.username}}" }),
          call("click", { index: indexOf(req, button) }),
        ],
      };
    if (state.includes("Welcome to Postbox")) return { toolCalls: [call("done", { success: true, text: "Signed in." })] };
    return next(req, i);
  };
}
const signedIn = async () => ((await (await fetch(`${h.sites.url}/vault/status`)).json()) as { signed_in: boolean }).signed_in;

/**
 * The model's part of signing in to Vault Co: the login form by placeholder, then `codePlaceholder`
 * into the code page (after `onCodePage`, where the site's code is sent), then done.
 */
function signInByPlaceholder(codePlaceholder: string, onCodePage = () => {}): Parameters<Harness["model"]["setResponder"]>[0] {
  return (req) => {
    const state = latestState(req);
    if (state.includes("Sign in to Vault Co")) {
      return {
        toolCalls: [
          call("type", { index: indexOf(req, "type=email"), text: "{{secret:vault-co.username}}" }),
          call("type", { index: indexOf(req, "type=password"), text: "{{secret:vault-co.password}}" }),
          call("click", { index: indexOf(req, "Continue") }),
        ],
      };
    }
    if (state.includes("Two-step verification")) {
      onCodePage();
      return { toolCalls: [call("type", { index: indexOf(req, /name="?code/), text: codePlaceholder, press_enter: true })] };
    }
    return { toolCalls: [call("done", { success: true, text: "Signed in." })] };
  };
}

/** Every code the secret had between `from` and now, a period either side. */
function codesSince(from: number): string[] {
  const codes: string[] = [];
  for (let t = from - 30_000; t <= Date.now() + 30_000; t += 30_000) codes.push(totpFromBase32(VAULT_USER.totpSecret, new Date(t)));
  return codes;
}

describe("credential vault: the agent signs in by placeholder", () => {
  it("types the username, password and a fresh TOTP code, and the model never sees a value", async () => {
    h.model.setResponder(signInByPlaceholder("{{secret:vault-co.totp}}"));
    const started = Date.now();
    const { result, steps } = await h.run({
      task: { prompt: "Sign in to Vault Co", initialUrl: `${h.sites.url}/vault/login` },
      credentials: [vaultCo(["127.0.0.1"])],
    });

    expect(result, result.reason ?? "").toMatchObject({ status: "success" });
    expect(await signedIn()).toBe(true);
    const requests = h.model.chatRequests();
    // The task tells the model which placeholders it has and where they work.
    expect(requests[0]?.messages.find((m) => m.role === "user")?.text).toContain("{{secret:vault-co.totp}}");
    expect(requests[0]?.messages.find((m) => m.role === "user")?.text).toContain("vault-co (on 127.0.0.1)");
    const results = requests.flatMap((r) => toolResults(r));
    expect(results.some((t) => t.startsWith("Typed the password of vault-co into"))).toBe(true);
    expect(results.some((t) => t.startsWith("Typed a fresh TOTP code of vault-co into"))).toBe(true);

    const secrets = [VAULT_USER.password, VAULT_USER.totpSecret, MAILBOX_PASSWORD, ...codesSince(started)];
    expectKeptFromModelAndSteps(steps, secrets);
    const records = recordsOf(steps);
    // The step records keep what the model asked for: the placeholders.
    expect(records).toContain("{{secret:vault-co.password}}");
  });

  it("types the code e-mailed to the credential's mailbox, and the model never sees the message or the code", async () => {
    h.sites.reset();
    let mailed: Promise<unknown> = Promise.resolve();
    let code = "";
    h.model.setResponder(
      signInByPlaceholder("{{secret:vault-co.email_code}}", () => {
        // The site's code goes out by e-mail as the code page shows (sent through real SMTP); the vault waits for it.
        code = totpFromBase32(VAULT_USER.totpSecret);
        const transport = nodemailer.createTransport({ host: "127.0.0.1", port: smtp.port, secure: false, ignoreTLS: true });
        mailed = transport
          .sendMail({
            from: '"Vault Co" <no-reply@vault.test>',
            to: MAILBOX_USER,
            subject: "Your Vault Co sign-in",
            text: `Your verification code is ${code}.`,
          })
          .finally(() => transport.close());
      }),
    );
    const { result, steps } = await h.run({
      task: { prompt: "Sign in to Vault Co", initialUrl: `${h.sites.url}/vault/login` },
      credentials: [vaultCo(["127.0.0.1"])],
      // The run's address rule covers the mailbox too: the loopback IMAP server is let through like the fixture site.
      network: { allowHosts: [new URL(h.sites.url).host, `${imap.host}:${imap.port}`] },
    });
    await mailed;

    expect(result, result.reason ?? "").toMatchObject({ status: "success" });
    expect(await signedIn()).toBe(true);
    const requests = h.model.chatRequests();
    expect(requests[0]?.messages.find((m) => m.role === "user")?.text).toContain("{{secret:vault-co.email_code}}");
    expect(
      requests.flatMap((r) => toolResults(r)).some((t) => t.startsWith("Typed the code e-mailed to the mailbox of vault-co into")),
    ).toBe(true);
    expectKeptFromModelAndSteps(steps, [code, "Your verification code", MAILBOX_PASSWORD]);
  });

  it("opens the sign-in link the site e-mailed, and neither the message nor the link reaches the model or the steps", async () => {
    const { requests, opened } = await signInByMailedLink("navigate");
    expect(requests[0]?.messages.find((m) => m.role === "user")?.text).toContain("{{secret:postbox.email_link}}");
    expect(opened).toMatch(/; the page is now http:\/\/127\.0\.0\.1:\d+\/postbox\/home\./);
  });

  it("opens the e-mailed sign-in link in a new tab with open_tab, as navigate does, and the link reaches neither the model nor the steps", async () => {
    const { requests, opened } = await signInByMailedLink("open_tab");
    expect(opened).toMatch(
      /^Opened the sign-in link e-mailed to the mailbox of postbox in new tab 1 and switched to it; the page is now http:\/\/127\.0\.0\.1:\d+\/postbox\/home\./,
    );
    // The model works on in the new tab, the one that signed in.
    expect(latestState(requests.at(-1)!)).toMatch(/Tabs: 0 .*\| 1 \(current\) .*\/postbox\/home/);
  });

  it("opens no tab for an e-mailed link that leads outside the credential's domains, and says so", async () => {
    h.sites.reset();
    h.sites.mailThrough(smtp);
    // The mailbox is right, but the credential is for another site than the one that mailed the link.
    const elsewhere: AgentCredential = { ...postbox(), domains: ["postbox.example.com"] };
    h.model.setResponder((req) => {
      const state = latestState(req);
      if (state.includes("Sign in to Postbox"))
        return {
          toolCalls: [
            call("type", { index: indexOf(req, "type=email"), text: MAILBOX_USER }),
            call("click", { index: indexOf(req, "Send me a link") }),
          ],
        };
      if (toolResults(req).some((t) => t.includes("Nothing was opened")))
        return { toolCalls: [call("done", { success: false, text: "The link is not for this site." })] };
      return { toolCalls: [call("open_tab", { url: "{{secret:postbox.email_link}}" })] };
    });
    const { steps } = await h.run({
      task: { prompt: "Sign in to Postbox", initialUrl: `${h.sites.url}/postbox/login` },
      credentials: [elsewhere],
      network: { allowHosts: [new URL(h.sites.url).host, `${imap.host}:${imap.port}`] },
    });

    const requests = h.model.chatRequests();
    const refused = requests.flatMap((r) => toolResults(r)).find((t) => t.includes("Nothing was opened"));
    expect(refused).toMatch(
      /^The sign-in link e-mailed to the mailbox of postbox leads outside postbox\.example\.com\. Nothing was opened\./,
    );
    expect(latestState(requests.at(-1)!)).not.toContain("Tabs:");
    expect(await postboxSignIns()).toEqual([]);
    const { link, token } = mailedLink();
    expectKeptFromModelAndSteps(steps, [link, token]);
  });

  it("types the code the site e-mailed when asked to send one, and signs in", async () => {
    const { result, steps } = await signInToPostbox("Send me a code", (req) => ({
      toolCalls: [call("type", { index: indexOf(req, /name="?code/), text: "{{secret:postbox.email_code}}", press_enter: true })],
    }));

    expect(result, result.reason ?? "").toMatchObject({ status: "success" });
    expect(await postboxSignIns()).toEqual([`${MAILBOX_USER} by code`]);
    const mail = smtp
      .messages()
      .filter((m) => m.subject === "Your Postbox code")
      .at(-1)!;
    const code = /code is (\d{6})/.exec(mail.text ?? "")![1]!;
    expectKeptFromModelAndSteps(steps, [code, "Your Postbox code"]);
  });

  it("does not type a sign-in link: it is opened with navigate", async () => {
    h.sites.reset();
    h.model.setResponder((req, i) =>
      i === 0
        ? { toolCalls: [call("type", { index: indexOf(req, "type=email"), text: "{{secret:postbox.email_link}}" })] }
        : { toolCalls: [call("done", { success: false, text: "Cannot." })] },
    );
    await h.run({ task: { prompt: "Sign in to Postbox", initialUrl: `${h.sites.url}/postbox/login` }, credentials: [postbox()] });
    expect(toolResults(h.model.chatRequests()[1]!)[0]).toMatch(
      /^\{\{secret:postbox\.email_link\}\} is a link: open it with navigate or open_tab, the placeholder alone as its url\. Nothing was typed\./,
    );
  });

  it("refuses to type a credential on a domain it is not for, and says so to the model", async () => {
    h.model.setResponder((req, i) =>
      i === 0
        ? {
            toolCalls: [
              call("type", { index: indexOf(req, "type=password"), text: "{{secret:vault-co.password}}" }),
              call("type", { index: indexOf(req, "type=email"), text: "{{secret:other-site.username}}" }),
            ],
          }
        : { toolCalls: [call("done", { success: false, text: "Not allowed here." })] },
    );
    const { steps } = await h.run({
      task: { prompt: "Sign in to Vault Co", initialUrl: `${h.sites.url}/vault/login` },
      credentials: [vaultCo(["vault.example.com", "*.vault.example.com"])],
    });

    const [wrongDomain, unknown] = toolResults(h.model.chatRequests()[1]!);
    expect(wrongDomain).toBe(
      "{{secret:vault-co.password}} may only be typed on vault.example.com, *.vault.example.com, and this field is on 127.0.0.1. Nothing was typed.",
    );
    // The last result of a step also says where the page is now.
    expect(unknown?.startsWith('There is no credential named "other-site" for this task. Available: vault-co.')).toBe(true);
    expect(steps[0]?.actions.map((a) => a.ok)).toEqual([false, false]);
    for (const r of h.model.requests) expect(r.raw).not.toContain(VAULT_USER.password);
    expect(await signedIn()).toBe(false);
  });
});
