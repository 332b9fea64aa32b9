import { genericOAuth, type GenericOAuthConfig } from "better-auth/plugins";

export interface OAuthProviderConfig {
  clientId: string;
  clientSecret: string;
  /** Another provider at the same protocol (tests, gateways); unset means Google's or GitHub's own. */
  baseUrl?: string;
}

export interface OAuthProviders {
  google?: OAuthProviderConfig;
  github?: OAuthProviderConfig;
}

const GOOGLE = {
  authorizationUrl: "https://accounts.google.com/o/oauth2/v2/auth",
  tokenUrl: "https://oauth2.googleapis.com/token",
  userInfoUrl: "https://openidconnect.googleapis.com/v1/userinfo",
};
const GITHUB = {
  authorizationUrl: "https://github.com/login/oauth/authorize",
  tokenUrl: "https://github.com/login/oauth/access_token",
  apiUrl: "https://api.github.com",
};

/**
 * Google (OpenID Connect) and GitHub through better-auth's generic OAuth plugin: the same
 * authorization-code flow with state and PKCE as its built-in providers, but with endpoints we
 * can point elsewhere by configuration. Callback: /api/auth/callback/{google|github}; sign-in: POST /api/auth/sign-in/social.
 */
export function oauthPlugins(providers: OAuthProviders = {}) {
  const config: GenericOAuthConfig[] = [];
  if (providers.google) {
    const base = providers.google.baseUrl;
    config.push({
      providerId: "google",
      clientId: providers.google.clientId,
      clientSecret: providers.google.clientSecret,
      authorizationUrl: base ? `${base}/authorize` : GOOGLE.authorizationUrl,
      tokenUrl: base ? `${base}/token` : GOOGLE.tokenUrl,
      userInfoUrl: base ? `${base}/userinfo` : GOOGLE.userInfoUrl,
      scopes: ["openid", "email", "profile"],
      pkce: true,
    });
  }
  if (providers.github) {
    const { clientId, clientSecret, baseUrl } = providers.github;
    const api = baseUrl ?? GITHUB.apiUrl;
    config.push({
      providerId: "github",
      clientId,
      clientSecret,
      authorizationUrl: baseUrl ? `${baseUrl}/authorize` : GITHUB.authorizationUrl,
      tokenUrl: baseUrl ? `${baseUrl}/token` : GITHUB.tokenUrl,
      scopes: ["read:user", "user:email"],
      pkce: true,
      // GitHub has no OpenID userinfo; the verified primary e-mail comes from /user/emails.
      getUserInfo: async (tokens) => githubUser(api, tokens.accessToken ?? ""),
    });
  }
  return config.length ? [genericOAuth({ config })] : [];
}

async function githubUser(api: string, accessToken: string) {
  const headers = { authorization: `Bearer ${accessToken}`, accept: "application/vnd.github+json", "user-agent": "Errand" };
  const [userRes, emailsRes] = await Promise.all([fetch(`${api}/user`, { headers }), fetch(`${api}/user/emails`, { headers })]);
  if (!userRes.ok || !emailsRes.ok) return null;
  const user = (await userRes.json()) as { id: number; login: string; name: string | null; avatar_url?: string };
  const emails = (await emailsRes.json()) as { email: string; primary: boolean; verified: boolean }[];
  const primary = emails.find((e) => e.primary && e.verified) ?? emails.find((e) => e.verified);
  if (!primary) return null;
  return { id: String(user.id), email: primary.email, emailVerified: true, name: user.name ?? user.login, image: user.avatar_url };
}
