// The server renderer of the public pages (ADR 0012): built into dist/ssr by `vite build` and
// imported by the server (apps/server/src/http/system/server-render.ts), which puts its HTML
// in the page shell's #root for main.tsx to hydrate.
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { createMemoryRouter } from "react-router";
import { seedEmbeddedQueries } from "./api/embedded-queries";
import { App, createQueryClient } from "./app";
import { setServerSiteOrigin } from "./lib/page/page-meta";
import { routes } from "./router";

export interface RenderPageInput {
  /** The page's path and query, e.g. /automations?search=news. */
  url: string;
  /** The site's origin (BASE_URL): canonical links and structured data name it. */
  origin: string;
  /** The public API answers embedded in the page, by GET path: the same ones the browser hydrates from. */
  embedded: Record<string, unknown>;
  /** Gives up (the caller then sends the page without a body) when this fires. */
  signal?: AbortSignal;
}

/**
 * The HTML of the app at a URL, as a signed-out visitor's browser first renders it with the
 * embedded answers in its query cache: the lazy pages loaded, no request made. Rejects when a
 * component fails, so the caller falls back to the client-rendered shell.
 */
export async function renderPage(input: RenderPageInput): Promise<string> {
  setServerSiteOrigin(input.origin);
  const queryClient = createQueryClient();
  seedEmbeddedQueries(queryClient, input.embedded);
  const router = createMemoryRouter(routes, { initialEntries: [input.url] });
  let failure: unknown;
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <App queryClient={queryClient} router={router} />
    </StrictMode>,
    {
      signal: input.signal,
      // Every boundary inline: an outlined one is completed by an inline script, which the
      // page's Content-Security-Policy refuses.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onError: (error) => {
        failure ??= error;
      },
    },
  );
  let html = "";
  for await (const chunk of prelude) html += typeof chunk === "string" ? chunk : new TextDecoder().decode(chunk as Uint8Array);
  router.dispose();
  queryClient.clear();
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return html;
}
