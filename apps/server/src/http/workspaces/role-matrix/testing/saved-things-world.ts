import { API_V1_PREFIX } from "@errand/contract";
import { authContexts } from "@errand/db";
import { expect } from "vitest";
import { json, type TestApp } from "../../../../testing/test-app.ts";
import { makeTeam } from "./matrix-callers.ts";
import type { MatrixWorld } from "./run-row.ts";

/** Nothing listens there: a test delivery fails at once, and is still a delivery tried. */
export const WEBHOOK_URL = "http://127.0.0.1:9/matrix";

/** The saved things family's world: one of each of the team's saved logins, credentials, proxy pools and webhooks. */
export interface SavedThingsWorld extends MatrixWorld {
  authContextId: string;
  credentialId: string;
  proxyPoolId: string;
  webhookId: string;
  /** A name no other call of the file uses (names are unique per workspace). */
  name(): string;
  fresh: { authContext(): Promise<string>; credential(): Promise<string>; proxyPool(): Promise<string>; webhook(): Promise<string> };
}

export const credentialBody = (name: string) => ({ name, domains: ["shop.example"], username: "orders@shop.example", password: "s3cret" });
export const proxyPoolBody = (name: string) => ({ name, entries: [{ url: "http://matrix:secret@gw.example.com:7777" }] });
export const webhookBody = () => ({ url: WEBHOOK_URL, events: ["run.succeeded"] });

export async function makeSavedThingsWorld(t: TestApp): Promise<SavedThingsWorld> {
  const team = await makeTeam(t);
  let count = 0;
  const name = () => `matrix-${++count}`;
  const made = async (path: string, body: unknown) => {
    const res = await t.send("POST", `${API_V1_PREFIX}${path}`, team.owner, body);
    expect(res.status, `POST ${path}: ${await res.clone().text()}`).toBe(201);
    return (await json(res)).id as string;
  };
  const fresh = {
    // A saved login comes from a live browser, which the matrix's server has not: its row is written as one would be.
    authContext: async () => {
      const values = { userId: team.people.owner.userId, workspaceId: team.id, name: name(), urls: ["https://shop.example"] };
      const [row] = await t.ctx.db.insert(authContexts).values(values).returning({ id: authContexts.id });
      return row!.id;
    },
    credential: () => made("/credentials", credentialBody(name())),
    proxyPool: () => made("/proxy-pools", proxyPoolBody(name())),
    webhook: () => made("/webhooks", webhookBody()),
  };
  const [authContextId, credentialId, proxyPoolId, webhookId] = [
    await fresh.authContext(),
    await fresh.credential(),
    await fresh.proxyPool(),
    await fresh.webhook(),
  ];
  const ids = [team.id, authContextId, credentialId, proxyPoolId, webhookId];
  return { t, team, teamIds: () => ids, authContextId, credentialId, proxyPoolId, webhookId, name, fresh };
}
