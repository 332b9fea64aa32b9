import { escapeHtml, page, redirect } from "../html-layout.ts";
import type { FixtureRoute, RouteContext } from "../types.ts";

export const DEMO_USER = { email: "demo@example.com", password: "demo-password", name: "Demo" } as const;
export const SESSION_COOKIE = "fixture_session";

export const DEMO_ORDERS: [string, string, string, string][] = [
  ["A-1001", "2026-01-12", "$129.00", "Delivered"],
  ["A-1002", "2026-02-03", "$1,299.00", "Shipped"],
  ["A-1003", "2026-03-01", "$49.00", "Processing"],
];

/** Only same-site paths ("/x", not "//host" or "http://...") are followed after login. */
function safeNext(next: string | null): string {
  return next && next.startsWith("/") && !next.startsWith("//") ? next : "/account";
}

function isSignedIn(ctx: RouteContext): boolean {
  const token = ctx.cookies[SESSION_COOKIE];
  return token !== undefined && ctx.state.sessions.has(token);
}

function newSession(ctx: RouteContext): string {
  ctx.state.sessionCounter += 1;
  const token = `sess-${ctx.state.sessionCounter}-d3m0-7f3a9c`;
  ctx.state.sessions.add(token);
  return token;
}

const sessionCookie = (token: string) => `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=2592000`;

function loginPage(options: { next: string; email?: string; error?: string; notice?: string }, status = 200) {
  return page(
    {
      title: "Log in",
      body: `<h1>Log in</h1>
${options.notice ? `<p class="status" role="status">${options.notice}</p>` : ""}
${options.error ? `<p class="error" id="login-error" role="alert">${options.error}</p>` : ""}
<form id="login-form" method="post" action="/login">
  <input type="hidden" name="next" value="${escapeHtml(options.next)}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" autofocus value="${escapeHtml(options.email ?? "")}">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password">
  <p><button type="submit">Log in</button></p>
</form>`,
    },
    status,
  );
}

function accountPage() {
  const rows = DEMO_ORDERS.map(
    ([id, date, total, status]) => `<tr><td>#${id}</td><td>${date}</td><td>${total}</td><td>${status}</td></tr>`,
  ).join("\n");
  return page({
    title: "My account",
    body: `<h1>Welcome back, ${DEMO_USER.name}</h1>
<p>Signed in as ${DEMO_USER.email}.</p>
<p id="balance">Store credit: $42.17</p>
<h2>Your orders</h2>
<table id="orders">
<thead><tr><th>Order</th><th>Date</th><th>Total</th><th>Status</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
<p><a href="/logout">Log out</a></p>`,
  });
}

export const loginRoutes: FixtureRoute[] = [
  {
    method: "GET",
    path: "/login",
    handle: (ctx) =>
      loginPage({
        next: safeNext(ctx.url.searchParams.get("next")),
        notice: ctx.url.searchParams.has("logged_out") ? "You have been logged out." : undefined,
      }),
  },
  {
    method: "POST",
    path: "/login",
    handle: (ctx) => {
      const email = (ctx.form.get("email") ?? "").trim().toLowerCase();
      const next = safeNext(ctx.form.get("next"));
      if (email !== DEMO_USER.email || ctx.form.get("password") !== DEMO_USER.password) {
        return loginPage({ next, email, error: "Invalid email or password." }, 401);
      }
      return redirect(next, 303, { "set-cookie": sessionCookie(newSession(ctx)) });
    },
  },
  {
    method: "GET",
    path: "/account",
    // Like many real sites, each visit rotates the session: the old token stops working, so a
    // saved login only stays alive if the refreshed cookie is kept.
    handle: (ctx) => {
      if (!isSignedIn(ctx)) return redirect("/login?next=/account");
      ctx.state.sessions.delete(ctx.cookies[SESSION_COOKIE]!);
      const token = newSession(ctx);
      const response = accountPage();
      return { ...response, headers: { ...response.headers, "set-cookie": sessionCookie(token) } };
    },
  },
  {
    method: "GET",
    path: "/logout",
    handle: (ctx) => {
      const token = ctx.cookies[SESSION_COOKIE];
      if (token) ctx.state.sessions.delete(token);
      return redirect("/login?logged_out=1", 302, { "set-cookie": `${SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0` });
    },
  },
];
