import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PRODUCT_NAME } from "@errand/contract";
import { accounts, rateLimits, sessions, users, verifications } from "@errand/db";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { ServiceContext } from "../context.ts";
import { provisionAccount } from "../accounts/provision-account.ts";
import { clearSignInThrottle } from "./sign-in-throttle.ts";
import { resetPasswordEmail } from "../mail/reset-password-email.ts";
import { oauthPlugins, type OAuthProviders } from "./oauth-providers.ts";

/** Header our HTTP layer sets to the caller's address (it strips any value sent by the client). */
export const CLIENT_IP_HEADER = "x-errand-client-ip";

export const AUTH_BASE_PATH = "/api/auth";

/** Per-address limits on the credential endpoints (window in seconds). */
export const AUTH_RATE_LIMITS = {
  signIn: { window: 60, max: 5 },
  signUp: { window: 60, max: 5 },
  passwordReset: { window: 60, max: 3 },
} as const;

export interface AuthOptions {
  secret: string;
  /** Sign-in and sign-up attempts per client address per minute (default 5). */
  rateLimitPerMinute?: number;
  /** Google and GitHub sign-in, each when its client id and secret are configured. */
  oauth?: OAuthProviders;
}

/** How long an e-mailed password-reset link works. */
export const RESET_LINK_MINUTES = 60;

/**
 * Accounts: e-mail and password through better-auth, sessions in Postgres and httpOnly cookies.
 * Sign-up provisions the account's balance and API key.
 */
export function createAuth(ctx: ServiceContext, options: AuthOptions) {
  return betterAuth({
    appName: PRODUCT_NAME,
    baseURL: ctx.config.baseUrl,
    basePath: AUTH_BASE_PATH,
    secret: options.secret,
    trustedOrigins: [ctx.config.baseUrl],
    database: drizzleAdapter(ctx.db, {
      provider: "pg",
      schema: { user: users, session: sessions, account: accounts, verification: verifications, rateLimit: rateLimits },
    }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
      // A reset ends every other session: whoever knew the old password is signed out.
      revokeSessionsOnPasswordReset: true,
      // Whoever reset the password owns the mailbox: lift the failed-sign-in lock.
      onPasswordReset: async ({ user }) => {
        await clearSignInThrottle({ ctx, input: { email: user.email } });
      },
      // Not awaited: the answer must take as long for an unknown address as for a known one.
      sendResetPassword: async ({ user, url }) => {
        void ctx.mailer
          .send(resetPasswordEmail({ to: user.email, url, expiresInMinutes: RESET_LINK_MINUTES }))
          .catch((error: Error) => ctx.log.error("password reset e-mail failed", { error }));
      },
    },
    // Provider sign-in links to an existing account with the same verified e-mail.
    account: { accountLinking: { enabled: true, trustedProviders: ["google", "github"] } },
    plugins: oauthPlugins(options.oauth),
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 200,
      customRules: {
        "/sign-in/email": { ...AUTH_RATE_LIMITS.signIn, max: options.rateLimitPerMinute ?? AUTH_RATE_LIMITS.signIn.max },
        "/sign-up/email": { ...AUTH_RATE_LIMITS.signUp, max: options.rateLimitPerMinute ?? AUTH_RATE_LIMITS.signUp.max },
        "/sign-in/social": { ...AUTH_RATE_LIMITS.signIn, max: options.rateLimitPerMinute ?? AUTH_RATE_LIMITS.signIn.max },
        "/request-password-reset": {
          ...AUTH_RATE_LIMITS.passwordReset,
          max: options.rateLimitPerMinute ?? AUTH_RATE_LIMITS.passwordReset.max,
        },
        // Reading one's own session guesses nothing, and every page and tab does it (every 30 s
        // too): limited per address, an office behind one address was signed out of its pages.
        "/get-session": false,
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: ctx.config.baseUrl.startsWith("https://"),
      database: { generateId: () => crypto.randomUUID() },
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await provisionAccount({ ctx, input: { userId: user.id } });
            ctx.log.info("account created", { userId: user.id });
          },
        },
      },
    },
    // better-auth's message goes through our logger (escaped, bounded: it may quote a request's
    // URL or origin). Of its extra arguments, which may hold request data, only an error is kept,
    // and the logger describes a database error without its parameters.
    logger: {
      log: (level, message, ...args) => {
        const error: unknown = [message, ...args].find((arg) => arg instanceof Error);
        ctx.log[level](`[auth] ${typeof message === "string" ? message : "error"}`, error ? { error } : undefined);
      },
    },
    telemetry: { enabled: false },
  });
}

export type Auth = ReturnType<typeof createAuth>;
