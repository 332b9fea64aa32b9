import { authContexts, credentials, profiles, proxyEntries, webhooks } from "@errand/db";
import { eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { VerbArgs } from "../context.ts";
import { openSecret, sealSecret, sealedWithOldKey } from "./seal-secret.ts";

/** A table with secrets sealed in some of its columns, its rows named by `id`. */
type SealedTable = PgTable & { id: PgColumn };

export interface ResealReport {
  apiKeys: number;
  webhookSecrets: number;
  /** Signing secrets of account webhooks (POST /webhooks). */
  accountWebhookSecrets: number;
  authContexts: number;
  /** Vault credentials with at least one value re-sealed (username, password, TOTP secret, mailbox). */
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
  /** Re-seals the given sealed columns of every row of the table: how many rows changed. */
  const resealRows = async (table: SealedTable, columns: Record<string, PgColumn>) => {
    const rows = (await ctx.db.select({ id: table.id, ...columns }).from(table)) as Array<{ id: string } & Record<string, string | null>>;
    let changed = 0;
    for (const { id, ...sealed } of rows) {
      const set: Record<string, string> = {};
      for (const [column, value] of Object.entries(sealed)) {
        const fresh = old(value) ? reseal(value) : null;
        if (fresh) set[column] = fresh;
      }
      if (Object.keys(set).length === 0) continue;
      await ctx.db.update(table).set(set).where(eq(table.id, id));
      changed++;
    }
    return changed;
  };
  report.authContexts = await resealRows(authContexts, { encryptedState: authContexts.encryptedState });
  report.accountWebhookSecrets = await resealRows(webhooks, { secretCiphertext: webhooks.secretCiphertext });
  report.credentials = await resealRows(credentials, {
    usernameCiphertext: credentials.usernameCiphertext,
    passwordCiphertext: credentials.passwordCiphertext,
    totpSecretCiphertext: credentials.totpSecretCiphertext,
    mailboxCiphertext: credentials.mailboxCiphertext,
  });
  report.proxies = await resealRows(proxyEntries, {
    usernameCiphertext: proxyEntries.usernameCiphertext,
    passwordCiphertext: proxyEntries.passwordCiphertext,
  });
  return report;
}
