export interface FakeOAuthAccount {
  /** The OIDC `sub`; GitHub's numeric `id` is this number when it is one, else a stable hash of it. */
  id: string;
  email: string;
  name: string;
  /** Defaults to a generated SVG served by the fake at `/avatars/<id>.svg`. */
  picture?: string;
  /** Defaults to true. */
  emailVerified?: boolean;
}

export interface FakeOAuthClient {
  clientId: string;
  clientSecret: string;
  /** When given, redirect_uri must be one of these exactly; otherwise any http(s) URL is accepted. */
  redirectUris?: string[];
}

export interface FakeOAuthOptions {
  /** Default: one account, Ada Lovelace <ada@example.com>, id "10001". */
  accounts?: FakeOAuthAccount[];
  /** Default: one client, "fake-client-id" / "fake-client-secret". */
  clients?: FakeOAuthClient[];
  /** Default true: /authorize demands an S256 code_challenge (set false to test a client without PKCE). */
  requirePkce?: boolean;
}

export interface FakeOAuthRequest {
  method: string;
  /** Path with query string. */
  path: string;
  headers: Record<string, string>;
  raw: string;
  at: number;
}

export interface FakeOAuth {
  /** "http://127.0.0.1:PORT", also the issuer (`iss`) of ID tokens. */
  url: string;
  /** `${url}/.well-known/openid-configuration` */
  discoveryUrl: string;
  /** The first client's credentials. */
  clientId: string;
  clientSecret: string;
  /** The accounts offered on the consent page (live: addAccount appends here). */
  accounts: FakeOAuthAccount[];
  /** Every request, in arrival order. */
  requests: FakeOAuthRequest[];
  addAccount(account: FakeOAuthAccount): void;
  close(): Promise<void>;
}
