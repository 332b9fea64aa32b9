import { index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { PROXY_ROTATIONS, PROXY_SCHEMES } from "@errand/contract";
import { randomId, createdAt, timestamps, cascadeTo } from "./columns.ts";
import { madeBy, workspaceId } from "./owner-column.ts";

/**
 * Proxy pools (ADR 0010): named lists of proxies runs and saved logins go out through. The
 * rotation counter is advanced by one atomic UPDATE per pick, so concurrent runs take turns.
 */
export const proxyPools = pgTable(
  "proxy_pools",
  {
    id: randomId(),
    userId: madeBy(),
    workspaceId: workspaceId(),
    /** A lowercase slug: what runs, tasks and logins name it by. */
    name: text("name").notNull(),
    rotation: text("rotation", { enum: PROXY_ROTATIONS }).notNull().default("round-robin"),
    /** Picks made so far (round-robin takes the next eligible proxy from it). */
    picks: integer("picks").notNull().default(0),
    ...timestamps(),
  },
  (t) => [uniqueIndex("proxy_pools_workspace_name_idx").on(t.workspaceId, t.name), index("proxy_pools_user_idx").on(t.userId)],
);

/** One proxy of a pool. Address and country are plain; username and password are AES-256-GCM ciphertext. */
export const proxyEntries = pgTable(
  "proxy_entries",
  {
    id: randomId(),
    poolId: cascadeTo("pool_id", () => proxyPools.id),
    /** Its place in the pool's list (round-robin order). */
    position: integer("position").notNull(),
    scheme: text("scheme", { enum: PROXY_SCHEMES }).notNull(),
    host: text("host").notNull(),
    port: integer("port").notNull(),
    /** ISO 3166-1 alpha-2, lowercase; null: not fixed (a gateway whose username picks it). */
    country: text("country"),
    usernameCiphertext: text("username_ciphertext"),
    passwordCiphertext: text("password_ciphertext"),
    createdAt: createdAt(),
  },
  (t) => [index("proxy_entries_pool_position_idx").on(t.poolId, t.position)],
);
