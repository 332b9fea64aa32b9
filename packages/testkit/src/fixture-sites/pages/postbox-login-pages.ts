import { randomBytes, randomInt } from "node:crypto";
import { sendMail } from "../../smtp-capture/send-mail.ts";
import { escapeHtml, page, redirect } from "../html-layout.ts";
import type { FixtureResponse, FixtureRoute, RouteContext } from "../types.ts";

/**
 * A sign-in without a password (docs/adr/0053-mailbox-codes-and-playwright-export.md): the person
 * gives an e-mail address and asks for a sign-in link or a one-time code, which the site mails
 * itself through the SMTP server the sites were given (`FixtureSites.mailThrough`). The link signs
 * in when opened (then sends the browser on without its token, as real sites do), the code when
 * typed. GET /postbox/status is the page's own record: who signed in, and how.
 */
export const POSTBOX_SENDER = '"Postbox" <no-reply@postbox.test>';

const LINK = "postbox-link:";
const CODE = "postbox-code:";
const SIGNED_IN = "postbox-signed-in:";

function loginPage(error?: string, status = 200): FixtureResponse {
  return page(
    {
      title: "Sign in to Postbox",
      body: `<h1>Sign in to Postbox</h1>
<p>No password needed: we e-mail you a sign-in link or a code.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="/postbox/send">
  <label for="postbox-email">Email</label>
  <input id="postbox-email" name="email" type="email" autocomplete="email">
  <p><button type="submit" name="via" value="link">Send me a link</button>
  <button type="submit" name="via" value="code">Send me a code</button></p>
</form>`,
    },
    status,
  );
}

function sentLinkPage(email: string): FixtureResponse {
  return page({
    title: "Check your e-mail",
    body: `<h1>Check your e-mail</h1><p>We sent a sign-in link to ${escapeHtml(email)}. Open it to sign in.</p>`,
  });
}

function codePage(email: string, error?: string, status = 200): FixtureResponse {
  return page(
    {
      title: "Enter your code",
      body: `<h1>Enter your code</h1>
<p>We e-mailed a 6-digit code to ${escapeHtml(email)}.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
<form method="post" action="/postbox/verify">
  <input type="hidden" name="email" value="${escapeHtml(email)}">
  <label for="postbox-code">Code</label>
  <input id="postbox-code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="6">
  <p><button type="submit">Sign in</button></p>
</form>`,
    },
    status,
  );
}

/** A sign-in e-mail as sites write them: the link among others a person should not follow for it. */
async function mailLink(ctx: RouteContext, email: string): Promise<void> {
  const token = randomBytes(18).toString("base64url");
  ctx.state.sessions.add(`${LINK}${token}:${email}`);
  const link = `${ctx.origin}/postbox/magic?token=${token}`;
  await sendMail(ctx.state.mail!, {
    from: POSTBOX_SENDER,
    to: email,
    subject: "Your Postbox sign-in link",
    text: `Hello,\n\nOpen this link to sign in to Postbox: ${link}\n\nIt works once, for 15 minutes.\n\nUnsubscribe: ${ctx.origin}/postbox/unsubscribe`,
    html: `<p>Hello,</p><p><a href="${link}">Sign in to Postbox</a></p><p>It works once, for 15 minutes.</p>
<p><a href="${ctx.origin}/postbox/help">Help</a> · <a href="${ctx.origin}/postbox/unsubscribe">Unsubscribe</a></p>`,
  });
}

async function mailCode(ctx: RouteContext, email: string): Promise<void> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  ctx.state.sessions.add(`${CODE}${code}:${email}`);
  await sendMail(ctx.state.mail!, {
    from: POSTBOX_SENDER,
    to: email,
    subject: "Your Postbox code",
    text: `Hello,\n\nYour sign-in code is ${code}. It works once, for 15 minutes.\n\nPostbox, 2026`,
  });
}

/** Each way someone signed in, as "email by link" or "email by code". */
const signIns = (ctx: RouteContext) => [...ctx.state.sessions].filter((s) => s.startsWith(SIGNED_IN)).map((s) => s.slice(SIGNED_IN.length));

export const postboxLoginRoutes: FixtureRoute[] = [
  { method: "GET", path: "/postbox/login", handle: () => loginPage() },
  {
    method: "POST",
    path: "/postbox/send",
    handle: async (ctx) => {
      const email = (ctx.form.get("email") ?? "").trim().toLowerCase();
      if (!/^[^@\s]+@[^@\s]+$/.test(email)) return loginPage("Enter your e-mail address.", 400);
      if (!ctx.state.mail) return loginPage("We cannot send e-mail right now.", 503);
      if (ctx.form.get("via") === "code") {
        await mailCode(ctx, email);
        return codePage(email);
      }
      await mailLink(ctx, email);
      return sentLinkPage(email);
    },
  },
  {
    method: "GET",
    path: "/postbox/magic",
    handle: (ctx) => {
      const token = ctx.url.searchParams.get("token") ?? "";
      const entry = [...ctx.state.sessions].find((s) => token.length > 0 && s.startsWith(`${LINK}${token}:`));
      if (!entry) return page({ title: "Link expired", body: "<h1>This link has expired</h1><p>Ask for a new one.</p>" }, 410);
      ctx.state.sessions.delete(entry);
      ctx.state.sessions.add(`${SIGNED_IN}${entry.slice(LINK.length + token.length + 1)} by link`);
      return redirect("/postbox/home", 303);
    },
  },
  {
    method: "POST",
    path: "/postbox/verify",
    handle: (ctx) => {
      const email = (ctx.form.get("email") ?? "").trim().toLowerCase();
      const entry = `${CODE}${(ctx.form.get("code") ?? "").trim()}:${email}`;
      if (!ctx.state.sessions.has(entry)) return codePage(email, "That code is not right.", 401);
      ctx.state.sessions.delete(entry);
      ctx.state.sessions.add(`${SIGNED_IN}${email} by code`);
      return redirect("/postbox/home", 303);
    },
  },
  {
    method: "GET",
    path: "/postbox/home",
    handle: (ctx) => {
      const last = signIns(ctx).at(-1);
      return last
        ? page({ title: "Postbox", body: `<h1>Welcome to Postbox</h1><p id="postbox-status">Signed in as ${escapeHtml(last)}.</p>` })
        : redirect("/postbox/login");
    },
  },
  {
    method: "GET",
    path: "/postbox/status",
    handle: (ctx) => ({ headers: { "content-type": "application/json" }, body: JSON.stringify({ signed_in: signIns(ctx) }) }),
  },
];
