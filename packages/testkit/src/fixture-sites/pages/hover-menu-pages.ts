import { page } from "../html-layout.ts";
import type { FixtureRoute } from "../types.ts";

/** The submenu is display:none until its parent item is hovered: pure CSS, no script. */
const MENU_CSS = `
.menu{list-style:none;margin:0;padding:0;display:flex;gap:4px;background:#f6f8fa;border:1px solid #d0d7de;border-radius:6px}
.menu > li{position:relative}
.menu > li > a,.menu > li > span{display:block;padding:10px 16px;color:#1f2328;text-decoration:none;cursor:pointer}
.submenu{display:none;position:absolute;top:100%;left:0;z-index:10;list-style:none;margin:0;padding:4px 0;min-width:200px;background:#fff;border:1px solid #d0d7de;border-radius:6px;box-shadow:0 4px 12px rgba(0,0,0,.15)}
.submenu a{display:block;padding:8px 16px;color:#1f2328;text-decoration:none}
.submenu a:hover{background:#ddf4ff}
.has-submenu:hover > .submenu{display:block}
`;

const MENU = `<nav aria-label="Main menu"><ul class="menu">
<li><a href="/hover-menu">Home</a></li>
<li class="has-submenu" id="account-menu"><span>Account &#9662;</span>
  <ul class="submenu">
    <li><a href="/hover-menu/profile">Profile</a></li>
    <li><a href="/hover-menu/settings">Secret settings</a></li>
  </ul>
</li>
<li><a href="/hover-menu/help">Help</a></li>
</ul></nav>`;

function menuPage(title: string, heading: string, text: string) {
  return page({ title, css: MENU_CSS, body: `${MENU}\n<h1>${heading}</h1>\n<p>${text}</p>` });
}

export const hoverMenuRoutes: FixtureRoute[] = [
  { method: "GET", path: "/hover-menu", handle: () => menuPage("Hover menu", "Hover menu", "Hover over Account to see more options.") },
  {
    method: "GET",
    path: "/hover-menu/settings",
    handle: () => menuPage("Secret settings", "Secret settings", "You found the secret settings."),
  },
  { method: "GET", path: "/hover-menu/profile", handle: () => menuPage("Profile", "Profile", "This is your profile.") },
  { method: "GET", path: "/hover-menu/help", handle: () => menuPage("Help", "Help", "How can we help?") },
];
