import { z } from "zod";
import { optionalProxyChoice, savedLoginProxySchema } from "./proxies.ts";

/** Resource: auth contexts (saved logins). The saved browser state is never part of it. */
export const authContextSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  urls: z.array(z.string()),
  proxy: savedLoginProxySchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AuthContext = z.infer<typeof authContextSchema>;

/** Limits of the live browsing sessions used to log in (each can be changed by the server's config). */
export const LIVE_SESSION_DEFAULTS = {
  /** A session nobody has used for this long is closed. */
  idleSeconds: 300,
  /** No session lives longer than this. */
  maxSeconds: 1800,
  /** Open sessions per user at once. */
  perUser: 2,
  /** How long a viewer link (debug_url) can be opened. */
  tokenSeconds: 300,
} as const;

export const AUTH_CONTEXT_NAME_MAX = 100;

const httpUrl = z
  .string()
  .trim()
  .min(1, "Website URL is required")
  .max(2048)
  .refine((value) => /^https?:\/\/[^\s/]+/i.test(value) && URL.canParse(value), "Please enter a valid URL");

/** POST /auth-contexts/sessions: a live browser, opened on the site to log in to. */
export const createAuthSessionSchema = z.object({
  urls: z.array(httpUrl).min(1, "Website URL is required").max(10),
  /** The proxy pool to log in through (ADR 0010): the login keeps that proxy and session, and its runs use them. */
  proxy: optionalProxyChoice,
});
export type CreateAuthSession = z.infer<typeof createAuthSessionSchema>;

/** The answer: the session's id and the viewer URL (with a short-lived token) to show it. */
export const authSessionSchema = z.object({
  id: z.uuid(),
  debug_url: z.string(),
  expires_at: z.string(),
});
export type AuthSession = z.infer<typeof authSessionSchema>;

/** POST /auth-contexts: saves the session's cookies and local storage for `urls`, then closes it. */
export const createAuthContextSchema = z.object({
  name: z.string().trim().min(1, "Name is required").max(AUTH_CONTEXT_NAME_MAX),
  urls: z.array(httpUrl).min(1, "Website URL is required").max(10),
  session_id: z.uuid(),
});
export type CreateAuthContext = z.infer<typeof createAuthContextSchema>;

/**
 * PUT /auth-contexts/{id}/state: "log in again". The login made in a session (opened with
 * POST /auth-contexts/{id}/sessions, the saved state loaded) replaces the saved one.
 */
export const replaceAuthContextStateSchema = z.object({ session_id: z.uuid({ error: "session_id must be a UUID" }) });
export type ReplaceAuthContextState = z.infer<typeof replaceAuthContextStateSchema>;

/** Who drives a run's browser: the agent, or the person who took control. */
export const RUN_CONTROLLERS = ["agent", "person"] as const;
export type RunController = (typeof RUN_CONTROLLERS)[number];

/** POST /runs/{id}/live: the viewer URL for a running run. */
export const runLiveSchema = z.object({
  debug_url: z.string(),
  expires_at: z.string(),
  controller: z.enum(RUN_CONTROLLERS),
});
export type RunLive = z.infer<typeof runLiveSchema>;

/** POST /runs/{id}/control: take the browser from the agent, or hand it back. */
export const runControlRequestSchema = z.object({ action: z.enum(["take", "release"]) });
export const runControlSchema = z.object({ controller: z.enum(RUN_CONTROLLERS) });
export type RunControlState = z.infer<typeof runControlSchema>;
