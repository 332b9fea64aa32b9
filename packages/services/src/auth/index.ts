// @errand/services/auth: sign-in: the auth library set up for Errand, OAuth providers, the password throttle.
export { createAuth, AUTH_BASE_PATH, AUTH_RATE_LIMITS, CLIENT_IP_HEADER, type Auth } from "./create-auth.ts";
export { RESET_LINK_MINUTES } from "./create-auth.ts";
export type { OAuthProviders, OAuthProviderConfig } from "./oauth-providers.ts";
export { beginPasswordSignIn, clearSignInThrottle, SIGN_IN_THROTTLE } from "./sign-in-throttle.ts";
