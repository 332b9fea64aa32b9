import { Suspense, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";
import { Menu, X } from "lucide-react";
import { useSession } from "../../session/use-session";
import { cn } from "../ui/cn";
import { Button } from "../ui/button";
import { AccountMenu } from "./account-menu";
import { lazyPage } from "../routing/lazy-page";
import { BrandLink } from "./brand-link";
import { IntegrationsMenu } from "./integrations-menu";
import { MobileMenu } from "./mobile-menu";
import { DOCS_LINK, PRIMARY_LINKS } from "./nav-links";
import { RepositoryLink } from "./repository-link";

const MOBILE_MENU_ID = "mobile-menu";
// With the contract's schemas: out of the entry chunk, loaded once someone is signed in.
const WorkspaceSwitcher = lazyPage(() => import("../../workspaces/workspace-switcher"), "WorkspaceSwitcher");

const desktopLinkClass =
  "inline-flex h-9 items-center gap-1 rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground data-[state=open]:bg-muted data-[state=open]:text-foreground";

function desktopNavLinkClass({ isActive }: { isActive: boolean }) {
  return cn(desktopLinkClass, isActive && "text-foreground");
}

/** The top navigation bar (spec section 2, "Navigation bar"). */
export function NavBar() {
  const session = useSession();
  const signedIn = Boolean(session);
  const { pathname } = useLocation();
  // The mobile menu belongs to the path it was opened on, so any navigation closes it.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const mobileOpen = openedOn === pathname;
  const closeMobile = () => setOpenedOn(null);

  return (
    <div>
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center gap-2 px-4 sm:px-6">
        <BrandLink signedIn={signedIn} onNavigate={closeMobile} />
        <nav aria-label="Main" className="ml-6 hidden items-center gap-1 md:flex">
          {PRIMARY_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={desktopNavLinkClass}>
              {link.label}
            </NavLink>
          ))}
          <IntegrationsMenu className={desktopLinkClass} />
          <NavLink to={DOCS_LINK.to} className={desktopNavLinkClass}>
            {DOCS_LINK.label}
          </NavLink>
        </nav>

        <div className="ml-auto flex items-center gap-2">
          <RepositoryLink className="hidden p-2 md:inline-flex" />
          {session === null ? (
            <div className="hidden items-center gap-2 md:flex">
              <Button asChild variant="ghost" size="sm">
                <Link to="/login">Login</Link>
              </Button>
              <Button asChild size="sm">
                <Link to="/signup">Sign Up</Link>
              </Button>
            </div>
          ) : null}
          {session ? (
            <Suspense fallback={null}>
              <WorkspaceSwitcher />
            </Suspense>
          ) : null}
          {session ? <AccountMenu user={session.user} /> : null}
          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-label={mobileOpen ? "Close menu" : "Open menu"}
            aria-expanded={mobileOpen}
            aria-controls={MOBILE_MENU_ID}
            onClick={() => setOpenedOn(mobileOpen ? null : pathname)}
            // Escape closes the menu from its toggle too, where focus stays after opening it.
            onKeyDown={(event) => {
              if (event.key === "Escape" && mobileOpen) closeMobile();
            }}
          >
            {mobileOpen ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
          </Button>
        </div>
      </div>
      {mobileOpen ? <MobileMenu id={MOBILE_MENU_ID} signedIn={signedIn} onClose={closeMobile} /> : null}
    </div>
  );
}
