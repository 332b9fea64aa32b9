import { memo, Suspense } from "react";
import { Outlet } from "react-router";
import { useSession } from "../../session/use-session";
import { lazyPage } from "../routing/lazy-page";
import { PageSpinner } from "../ui/spinner";
import { NavBar } from "./nav-bar";
import { ScrollToTop } from "./scroll-to-top";
import { SignedInTabs } from "./signed-in-tabs";
import { SiteFooter } from "./site-footer";

// With the contract's schemas: out of the entry chunk, loaded once someone is signed in.
const ViewerNotice = lazyPage(() => import("../../workspaces/viewer-notice"), "ViewerNotice");

/** Every page: skip link, navigation bar, the signed-in tab bar, the routed page in <main>, the footer. */
export function AppLayout() {
  const session = useSession();
  return (
    <div className="flex min-h-dvh flex-col">
      <ScrollToTop />
      <a
        href="#main"
        className="sr-only rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
        <NavBar />
        {session ? <SignedInTabs /> : null}
        {session ? (
          <Suspense fallback={null}>
            <ViewerNotice />
          </Suspense>
        ) : null}
      </header>
      <main id="main" tabIndex={-1} className="flex min-h-dvh flex-1 flex-col outline-none">
        <RoutedPage />
      </main>
      <SiteFooter />
    </div>
  );
}

/**
 * The routed page in its Suspense boundary, memoised: while a server-rendered page waits for its
 * lazy chunk to hydrate, an update reaching the boundary (the session arriving re-renders the
 * layout) would make React discard the server's HTML and render the page again (ADR 0012).
 */
const RoutedPage = memo(function RoutedPage() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Outlet />
    </Suspense>
  );
});
