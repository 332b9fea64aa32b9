// A leaf: the live browsers (live/live-sessions.ts) take proxy settings without importing the
// code that picks them, which reaches the service context (docs/adr/0017-enforced-boundaries.md).

/** What a browser context is given: Playwright's proxy settings, credentials filled in. */
export interface ProxySettings {
  server: string;
  username?: string;
  password?: string;
}
