import type { ServerResponse } from "node:http";
import { sendJson } from "../lib/http-helpers.ts";
import { loginFor, numericId } from "./oauth-tokens.ts";
import type { TokenContext } from "./token-endpoint.ts";
import type { FakeOAuthAccount } from "./types.ts";

/** The paths that tell who a token belongs to: Google's /userinfo, GitHub's /user and /user/emails. */
export const USER_PATHS = ["/userinfo", "/user", "/user/emails"];

/** The account behind the request's token, in the shape the path's provider uses; 401 for a missing, unknown or expired token. */
export function userInfo(ctx: TokenContext, path: string, authorization: string | undefined, res: ServerResponse): void {
  const account = bearerAccount(ctx, authorization);
  if (account === undefined) {
    const challenge = 'Bearer error="invalid_token", error_description="The access token is missing, unknown or expired"';
    return sendJson(
      res,
      401,
      { error: "invalid_token", error_description: "The access token is missing, unknown or expired." },
      { "www-authenticate": challenge },
    );
  }
  const verified = account.emailVerified ?? true;
  if (path === "/userinfo") {
    return sendJson(res, 200, {
      sub: account.id,
      email: account.email,
      email_verified: verified,
      name: account.name,
      picture: ctx.pictureOf(account),
    });
  }
  if (path === "/user/emails") return sendJson(res, 200, [{ email: account.email, primary: true, verified, visibility: "public" }]);
  const login = loginFor(account.email);
  sendJson(res, 200, {
    id: numericId(account.id),
    login,
    name: account.name,
    email: account.email,
    avatar_url: ctx.pictureOf(account),
    html_url: `${ctx.issuer}/${login}`,
    type: "User",
  });
}

/** The account behind a Bearer (or GitHub-style `token`) access token, or undefined. */
function bearerAccount(ctx: TokenContext, authorization: string | undefined): FakeOAuthAccount | undefined {
  const token = /^(?:Bearer|token)\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1];
  const issued = token === undefined ? undefined : ctx.tokens.get(token);
  if (issued === undefined || issued.expiresAt < Date.now()) return undefined;
  return ctx.accounts.find((a) => a.id === issued.accountId);
}
