import { createAddressPolicy, createLiveBrowser, installNetworkGuard, type BrowserManager } from "@errand/agent";
import { invalid } from "@errand/services";
import type { Metrics } from "@errand/services/metrics";
import type { OpenLiveBrowser, SavedState } from "@errand/services/live";
import { countOpenContext } from "./count-open-context.ts";
import { proxyFromUrl } from "./proxy-from-url.ts";

/**
 * Opens a person's login browser: a fresh context (or one starting from a saved login's state,
 * to log in again) behind the same private-address rule as runs (checked before opening, on
 * every connection, request and redirect after), shown live and interactive. It goes out through
 * the login's pool proxy when it has one, else the server's default proxy (PROXY_URL), like runs.
 */
export function loginBrowserOpener(
  browsers: BrowserManager,
  network: { allowPrivate?: boolean; allowHosts?: string[] },
  proxyUrl?: string,
  metrics?: Metrics,
): OpenLiveBrowser {
  const policy = createAddressPolicy(network);
  return async ({ url, onActivity, state, proxy }) => {
    const verdict = await policy.check(url);
    if (!verdict.allowed) throw invalid([{ path: "urls.0", message: `This address cannot be opened: ${verdict.reason}` }]);
    const context = await browsers.newContext({
      network,
      storageState: state,
      proxy: proxy ?? (proxyUrl ? proxyFromUrl(proxyUrl) : undefined),
    });
    countOpenContext(metrics, context);
    try {
      const guard = await installNetworkGuard(context, policy);
      const page = await context.newPage();
      const live = await createLiveBrowser(context, { policy, interactive: true, onActivity });
      // Not awaited: the viewer shows the page loading.
      page.goto(url).catch(() => undefined);
      return {
        live,
        state: async () => (await context.storageState()) as SavedState,
        async close() {
          await guard.dispose();
          await context.close();
        },
      };
    } catch (error) {
      await context.close().catch(() => undefined);
      throw error;
    }
  };
}
