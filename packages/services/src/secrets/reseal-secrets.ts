import { authContexts, credentials, profiles, proxyEntries, webhooks } from "@errand/db";
import { eq } from "drizzle-orm";
import type { VerbArgs } from "../context.ts";
import { openSecret, sealSecret, sealedWithOldKey } from "./seal-secret.ts";

export interface ResealReport {
  apiKeys: number;
  webhookSecrets: number;
  /** Signing secrets of account webhooks (POST /webhooks). */
  accountWebhookSecrets: number;
  authContexts: number;
  /** Vault credentials with at least one value re-sealed (username, password, TOTP secret). */
  credentials: number;
  /** Proxies of proxy pools with their username or password re-sealed. */
  proxies: number;
  /** Sealed with a key that is neither current nor listed as previous: left as they are. */
  unreadable: number;
}

/**
 * Key rotation, second half: every secret still sealed with an old key (ENCRYPTION_KEY_PREVIOUS)
 * is opened and sealed again with ENCRYPTION_KEY. Safe to run twice and while the app serves.
 */
export async function resealSecrets({ ctx }: VerbArgs<Record<string, never>>): Promise<ResealReport> {
  const report: ResealReport = {
    apiKeys: 0,
    webhookSecrets: 0,
    accountWebhookSecrets: 0,
    authContexts: 0,
    credentials: 0,
    proxies: 0,
    unreadable: 0,
  };
  const old = (sealed: string | null): sealed is string => sealed !== null && sealedWithOldKey(ctx, sealed);
  /** The value sealed again with the current key, or null when no configured key opens it. */
  const reseal = (sealed: string): string | null => {
    try {
      return sealSecret(ctx, openSecret(ctx, sealed));
    } catch {
      report.unreadable++;
      return null;
    }
  };
  for (const row of await ctx.db
    .select({ id: profiles.id, apiKey: profiles.apiKeyCiphertext, webhook: profiles.webhookSecretCiphertext })
    .from(profiles)) {
    const set: { apiKeyCiphertext?: string; webhookSecretCiphertext?: string } = {};
    const apiKey = old(row.apiKey) ? reseal(row.apiKey) : null;
    if (apiKey) {
      set.apiKeyCiphertext = apiKey;
      report.apiKeys++;
    }
    const webhook = old(row.webhook) ? reseal(row.webhook) : null;
    if (webhook) {
      set.webhookSecretCiphertext = webhook;
      report.webhookSecrets++;
    }
    if (Object.keys(set).length) await ctx.db.update(profiles).set(set).where(eq(profiles.id, row.id));
  }
  for (const row of await ctx.db.select({ id: authContexts.id, sealed: authContexts.encryptedState }).from(authContexts)) {
    const state = old(row.sealed) ? reseal(row.sealed) : null;
    if (!state) continue;
    await ctx.db.update(authContexts).set({ encryptedState: state }).where(eq(authContexts.id, row.id));
    report.authContexts++;
  }
  for (const row of await ctx.db.select({ id: webhooks.id, sealed: webhooks.secretCiphertext }).from(webhooks)) {
    const secret = old(row.sealed) ? reseal(row.sealed) : null;
    if (!secret) continue;
    await ctx.db.update(webhooks).set({ secretCiphertext: secret }).where(eq(webhooks.id, row.id));
    report.accountWebhookSecrets++;
  }
  for (const row of await ctx.db
    .select({
      id: credentials.id,
      username: credentials.usernameCiphertext,
      password: credentials.passwordCiphertext,
      totp: credentials.totpSecretCiphertext,
    })
    .from(credentials)) {
    const set: { usernameCiphertext?: string; passwordCiphertext?: string; totpSecretCiphertext?: string } = {};
    const username = old(row.username) ? reseal(row.username) : null;
    if (username) set.usernameCiphertext = username;
    const password = old(row.password) ? reseal(row.password) : null;
    if (password) set.passwordCiphertext = password;
    const totp = old(row.totp) ? reseal(row.totp) : null;
    if (totp) set.totpSecretCiphertext = totp;
    if (Object.keys(set).length === 0) continue;
    await ctx.db.update(credentials).set(set).where(eq(credentials.id, row.id));
    report.credentials++;
  }
  for (const row of await ctx.db
    .select({ id: proxyEntries.id, username: proxyEntries.usernameCiphertext, password: proxyEntries.passwordCiphertext })
    .from(proxyEntries)) {
    const set: { usernameCiphertext?: string; passwordCiphertext?: string } = {};
    const username = old(row.username) ? reseal(row.username) : null;
    if (username) set.usernameCiphertext = username;
    const password = old(row.password) ? reseal(row.password) : null;
    if (password) set.passwordCiphertext = password;
    if (Object.keys(set).length === 0) continue;
    await ctx.db.update(proxyEntries).set(set).where(eq(proxyEntries.id, row.id));
    report.proxies++;
  }
  return report;
}
