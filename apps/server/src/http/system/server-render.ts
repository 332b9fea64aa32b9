import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Logger } from "@errand/services/logging";

/** What the web build's server renderer (apps/web/src/entry-server.tsx) exports. */
interface RendererModule {
  renderPage(input: { url: string; origin: string; embedded: Record<string, unknown>; signal?: AbortSignal }): Promise<string>;
}

export type RenderPage = (input: { url: string; origin: string; embedded: Record<string, unknown> }) => Promise<string | null>;

/** Where `vite build` writes the server renderer, inside the web build (never served: see static-routes.ts). */
export const SERVER_RENDERER_DIR = "ssr";
/** Rendered pages kept: a page's HTML depends only on its URL and the answers it is rendered with. */
const CACHE_SIZE = 200;
/** A render taking longer sends the page without a body (the browser renders it, as before). */
const RENDER_TIMEOUT_MS = 5_000;

/**
 * The public pages' HTML, rendered by the web build's server renderer, or null when there is
 * none (an old build, a failed render: the page is then rendered by the browser alone). Each
 * result is cached by URL, origin and embedded answers, so a catalogue change is a new entry.
 */
export function createServerRenderer(webDir: string, log?: Logger): RenderPage {
  const file = path.join(webDir, SERVER_RENDERER_DIR, "entry-server.js");
  if (!existsSync(file)) return async () => null;
  let loaded: Promise<RendererModule> | undefined;
  const cache = new Map<string, string>();
  return async ({ url, origin, embedded }) => {
    const key = JSON.stringify([url, origin, embedded]);
    const known = cache.get(key);
    if (known !== undefined) {
      // Most recently used last: the first key is the one to drop.
      cache.delete(key);
      cache.set(key, known);
      return known;
    }
    try {
      loaded ??= import(pathToFileURL(file).href) as Promise<RendererModule>;
      const html = await (await loaded).renderPage({ url, origin, embedded, signal: AbortSignal.timeout(RENDER_TIMEOUT_MS) });
      cache.set(key, html);
      if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
      return html;
    } catch (error) {
      log?.warn("A public page could not be rendered on the server; the browser renders it", { url, error });
      return null;
    }
  };
}
