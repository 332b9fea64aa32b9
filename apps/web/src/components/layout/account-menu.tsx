import type { SessionUser } from "../../api/auth";
import { lazyPage } from "../routing/lazy-page";
import { ACCOUNT_TRIGGER_CLASS } from "./account-trigger";
import { DeferredMenu } from "./deferred-menu";
import { UserAvatar } from "./user-avatar";

const loadDropdown = () => import("./account-dropdown");
const AccountDropdown = lazyPage(loadDropdown, "AccountDropdown");

/** The signed-in avatar button ("Account menu") with Sign Out; the menu code loads on first use. */
export function AccountMenu({ user }: { user: SessionUser }) {
  return (
    <DeferredMenu
      preload={() => void loadDropdown()}
      renderTrigger={(props) => (
        <button {...props} aria-label="Account menu" className={ACCOUNT_TRIGGER_CLASS}>
          <UserAvatar user={user} />
        </button>
      )}
    >
      <AccountDropdown user={user} defaultOpen />
    </DeferredMenu>
  );
}
