import { Suspense, type ReactNode } from "react";
import { Link } from "react-router";
import { LogOut } from "lucide-react";
import { useSignOut } from "../../session/use-sign-out";
import { Button } from "../ui/button";
import { lazyPage } from "../routing/lazy-page";
import { DOCS_LINK, INTEGRATION_LINKS, PRIMARY_LINKS, type NavLinkItem } from "./nav-links";
import { RepositoryLink } from "./repository-link";

const MobileWorkspaceList = lazyPage(() => import("../../workspaces/mobile-workspace-list"), "MobileWorkspaceList");

const itemClass = "block rounded-md px-3 py-2.5 text-base font-medium hover:bg-muted";

function MenuLink({ link, onNavigate, children }: { link: NavLinkItem; onNavigate: () => void; children?: ReactNode }) {
  return (
    <Link to={link.to} onClick={onNavigate} className={itemClass}>
      {children ?? link.label}
    </Link>
  );
}

function MobileSignOut({ onDone }: { onDone: () => void }) {
  const { signOut, isSigningOut } = useSignOut();
  return (
    <Button
      variant="outline"
      className="w-full"
      disabled={isSigningOut}
      onClick={() => {
        onDone();
        void signOut();
      }}
    >
      <LogOut aria-hidden="true" />
      Sign Out
    </Button>
  );
}

/** The links of the navigation bar again, for screens under the md breakpoint. */
export function MobileMenu({ id, signedIn, onClose }: { id: string; signedIn: boolean; onClose: () => void }) {
  return (
    <div
      id={id}
      className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t bg-background px-4 pt-2 pb-4 md:hidden"
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
      }}
    >
      <nav aria-label="Mobile">
        <ul className="flex flex-col">
          {PRIMARY_LINKS.map((link) => (
            <li key={link.to}>
              <MenuLink link={link} onNavigate={onClose} />
            </li>
          ))}
          <li>
            <p className="px-3 pt-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Integrations</p>
            <ul>
              {INTEGRATION_LINKS.map((link) => (
                <li key={link.to}>
                  <MenuLink link={link} onNavigate={onClose}>
                    <span className="pl-3">{link.label}</span>
                  </MenuLink>
                </li>
              ))}
            </ul>
          </li>
          <li>
            <MenuLink link={DOCS_LINK} onNavigate={onClose} />
          </li>
          <li>
            <RepositoryLink showLabel className={`${itemClass} flex text-foreground`} />
          </li>
        </ul>
      </nav>
      {signedIn ? (
        <Suspense fallback={null}>
          <MobileWorkspaceList onDone={onClose} />
        </Suspense>
      ) : null}
      <div className="mt-3 border-t pt-4">
        {signedIn ? (
          <MobileSignOut onDone={onClose} />
        ) : (
          <div className="grid grid-cols-2 gap-3">
            <Button asChild variant="outline">
              <Link to="/login" onClick={onClose}>
                Login
              </Link>
            </Button>
            <Button asChild>
              <Link to="/signup" onClick={onClose}>
                Sign Up
              </Link>
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
