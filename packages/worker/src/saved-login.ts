import { loadAuthContextState, saveRefreshedState } from "@errand/services/auth-contexts";
import type { SavedState } from "@errand/services/live";
import type { ServiceContext } from "@errand/services";
import type { BrowserContext } from "playwright-core";

export interface SavedLogin {
  authContextId: string;
  urls: string[];
  state: SavedState;
}

/** The run's saved login, decrypted for its browser context only. Null without one (or when it was deleted). */
export async function loadSavedLogin(
  ctx: ServiceContext,
  run: { id: string; workspaceId: string; authContextId: string | null },
): Promise<SavedLogin | null> {
  if (!run.authContextId) return null;
  const loaded = await loadAuthContextState({
    ctx,
    input: { workspaceId: run.workspaceId, authContextId: run.authContextId, runId: run.id },
  });
  return loaded ? { authContextId: run.authContextId, ...loaded } : null;
}

/** Writes back cookies the site refreshed during the run, so the login stays alive for the next one. */
export async function keepLoginAlive(ctx: ServiceContext, workspaceId: string, login: SavedLogin, context: BrowserContext, runId: string) {
  try {
    const current = (await context.storageState()) as SavedState;
    const saved = await saveRefreshedState({
      ctx,
      input: { workspaceId, authContextId: login.authContextId, urls: login.urls, saved: login.state, current },
    });
    if (saved) ctx.log.info("saved login refreshed after the run", { runId, authContextId: login.authContextId });
  } catch (error) {
    ctx.log.warn("could not save the refreshed login", { runId, error });
  }
}
