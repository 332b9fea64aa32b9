import { randomBytes, randomInt } from "node:crypto";
import { PROXY_COUNTRY_PLACEHOLDER, PROXY_SESSION_PLACEHOLDER, type ProxyChoice, type StickyProxy } from "@errand/contract";
import { proxyEntries, proxyPools } from "@errand/db";
import { and, asc, eq, sql } from "drizzle-orm";
import type { ServiceContext } from "../context.ts";
import { openSecret } from "../secrets/seal-secret.ts";
import type { ProxySettings } from "./proxy-settings.ts";
import { entryServer } from "./to-api.ts";

/** A proxy picked for a use, and what a saved login keeps of it (same proxy, same session). */
export interface PickedProxy {
  settings: ProxySettings;
  sticky: StickyProxy;
}

/** Why no proxy could be used: said to the person, never with a credential in it. */
export interface ProxyProblem {
  problem: string;
}

type Entry = typeof proxyEntries.$inferSelect;
type Ctx = Pick<ServiceContext, "db" | "encryptionKey" | "previousEncryptionKeys">;

const shown = (country: string) => country.toUpperCase();

/** A fresh session id for `{session}`: letters and digits, as proxy gateways accept. */
export const newProxySession = () => randomBytes(8).toString("hex");

/** The username with `{session}` and `{country}` filled; the password as sealed. */
function settingsFor(ctx: Ctx, entry: Entry, session: string, country: string | null): ProxySettings {
  const username = entry.usernameCiphertext ? openSecret(ctx, entry.usernameCiphertext) : undefined;
  return {
    server: entryServer(entry),
    username: username?.replaceAll(PROXY_SESSION_PLACEHOLDER, session).replaceAll(PROXY_COUNTRY_PLACEHOLDER, country ?? ""),
    password: entry.passwordCiphertext ? openSecret(ctx, entry.passwordCiphertext) : undefined,
  };
}

const servesAnyCountry = (ctx: Ctx, entry: Entry) =>
  entry.country === null &&
  entry.usernameCiphertext !== null &&
  openSecret(ctx, entry.usernameCiphertext).includes(PROXY_COUNTRY_PLACEHOLDER);

/** The pool and its proxies that can serve the choice (a fixed country equal to it, or a gateway taking {country}), or why none can. */
export async function eligibleEntries(ctx: Ctx, workspaceId: string, choice: ProxyChoice) {
  const [pool] = await ctx.db
    .select()
    .from(proxyPools)
    .where(and(eq(proxyPools.workspaceId, workspaceId), eq(proxyPools.name, choice.pool)));
  if (!pool) return { problem: `There is no proxy pool named ${choice.pool} (it may have been deleted or renamed).` };
  const entries = await ctx.db.select().from(proxyEntries).where(eq(proxyEntries.poolId, pool.id)).orderBy(asc(proxyEntries.position));
  const country = choice.country;
  const eligible = country ? entries.filter((e) => e.country === country || servesAnyCountry(ctx, e)) : entries;
  if (eligible.length === 0) {
    const offered = [...new Set(entries.map((e) => e.country).filter((c): c is string => c !== null))].map(shown);
    return {
      problem: `The proxy pool ${pool.name} has no proxy in ${country ? shown(country) : "it"}${offered.length ? ` (it offers ${offered.join(", ")})` : ""}.`,
    };
  }
  return { pool, eligible };
}

/**
 * Picks a proxy of the pool for one use: among those serving the country asked for, by the
 * pool's rotation. Round-robin advances the pool's counter in one UPDATE, so runs starting at
 * once each get the next proxy. `{session}` gets a fresh id unless one is given (a saved login's).
 */
export async function pickProxy(
  ctx: Ctx,
  workspaceId: string,
  choice: ProxyChoice,
  session = newProxySession(),
): Promise<PickedProxy | ProxyProblem> {
  const found = await eligibleEntries(ctx, workspaceId, choice);
  if ("problem" in found) return { problem: found.problem! };
  const { pool, eligible } = found;
  let index: number;
  if (pool.rotation === "random") index = randomInt(eligible.length);
  else {
    const [advanced] = await ctx.db
      .update(proxyPools)
      .set({ picks: sql`${proxyPools.picks} + 1` })
      .where(eq(proxyPools.id, pool.id))
      .returning({ picks: proxyPools.picks });
    index = ((advanced?.picks ?? 1) - 1) % eligible.length;
  }
  const entry = eligible[index]!;
  const country = choice.country ?? entry.country;
  return {
    settings: settingsFor(ctx, entry, session, country),
    sticky: { pool: pool.name, entryId: entry.id, server: entryServer(entry), session, country },
  };
}

/** A saved login's own proxy, with its own session (the same exit address), or why it is gone. */
export async function stickyProxySettings(
  ctx: Ctx,
  workspaceId: string,
  sticky: StickyProxy,
): Promise<{ settings: ProxySettings } | ProxyProblem> {
  const [row] = await ctx.db
    .select({ entry: proxyEntries })
    .from(proxyEntries)
    .innerJoin(proxyPools, eq(proxyPools.id, proxyEntries.poolId))
    .where(and(eq(proxyEntries.id, sticky.entryId), eq(proxyPools.workspaceId, workspaceId)));
  if (!row)
    return {
      problem: `The proxy this saved login was made through (${sticky.server}, pool ${sticky.pool}) was removed. Log in again to pick another.`,
    };
  return { settings: settingsFor(ctx, row.entry, sticky.session, sticky.country) };
}
