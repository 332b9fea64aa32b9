import { useEffect, useState } from "react";
import { hashKey, QueryClient, QueryClientProvider, type QueryKey } from "@tanstack/react-query";
import { RouterProvider } from "react-router/dom";
import type { DataRouter } from "react-router";
import { Toaster } from "./components/ui/toaster";
import { createAppRouter } from "./router";
import { notify } from "./components/ui/notify";
import { sessionQueryKey } from "./session/session-query";
import { currentWorkspaceId, onWorkspaceLost } from "./workspaces/current-workspace";
import { useCurrentWorkspaceId } from "./workspaces/use-current-workspace";

/**
 * Every query but the session's is cached per workspace: its key is hashed with the workspace the
 * app acts in, so switching never shows one workspace's data in another and fetches the new one's.
 */
function hashInWorkspace(key: QueryKey): string {
  return key[0] === sessionQueryKey[0] ? hashKey(key) : hashKey([currentWorkspaceId() ?? "personal", ...key]);
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: true, queryKeyHashFn: hashInWorkspace },
    },
  });
}

export interface AppProps {
  /** Given when its cache is filled before the first render (a server-rendered page and its hydration). */
  queryClient?: QueryClient;
  /** The server renders with a memory router at the request's URL; the browser makes its own. */
  router?: DataRouter;
}

/** Providers: server state (TanStack Query), routes, and the toaster. */
export function App(props: AppProps) {
  const [queryClient] = useState(() => props.queryClient ?? createQueryClient());
  const [router] = useState(() => props.router ?? createAppRouter());
  // A switch renders the pages afresh: each query then reads the chosen workspace's cache.
  const workspaceId = useCurrentWorkspaceId();
  useEffect(
    () =>
      onWorkspaceLost(() =>
        notify.error("Workspace not found", "You are no longer a member of that workspace: you are back in your personal workspace."),
      ),
    [],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider key={workspaceId ?? "personal"} router={router} />
      <Toaster />
    </QueryClientProvider>
  );
}
