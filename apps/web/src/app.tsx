import { useState } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { RouterProvider } from "react-router/dom";
import type { DataRouter } from "react-router";
import { Toaster } from "./components/ui/toaster";
import { createAppRouter } from "./router";

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: true },
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
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>
  );
}
