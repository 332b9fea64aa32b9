import type { Page } from "playwright-core";
import { callInPage, loadInPageScript } from "../browser/in-page-script.ts";
import { ActionError } from "../types/actions.ts";
import { actionTimeout, resolveElement, shortError } from "./action-env.ts";
import type { ActionEnv, ActionOutcome } from "./action-env.ts";
import { clipboardKey, clipboardKind } from "./text-actions.ts";
import type { ActionInput } from "./tool-definitions.ts";

const NAVIGATION_TIMEOUT_MS = 20_000;
const BOTTOM_WAIT_MS = 1_000;
const SCROLL_PAGE_SOURCE = loadInPageScript(new URL("./in-page/scroll-page.js", import.meta.url));

/** Adds https:// to a bare host and refuses anything that is not http(s) or a refused address. */
export async function checkedUrl(env: ActionEnv, raw: string): Promise<string> {
  let text = raw.trim();
  // "example.com/x" and "localhost:3000" have no scheme; "javascript:..." and "data:..." do.
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(text) && !/^(javascript|data|file|about|blob|mailto|chrome|view-source):/i.test(text))
    text = `https://${text}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ActionError(`${JSON.stringify(raw)} is not a valid URL.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ActionError(`Only http and https URLs can be opened, not ${url.protocol}`);
  }
  const verdict = await env.policy.check(url.toString());
  if (!verdict.allowed)
    throw new ActionError(
      `Refused to open ${url.toString()}: ${verdict.reason}. Private and internal addresses are not allowed.`,
      // A name that resolves to nothing is a site that cannot be reached, not one the rule refused.
      verdict.unresolved ? "site_unreachable" : "navigation_blocked",
    );
  return url.toString();
}

export async function gotoUrl(env: ActionEnv, page: Page, url: string): Promise<string> {
  try {
    const response = await page.goto(url, { waitUntil: "domcontentloaded", timeout: actionTimeout(env, NAVIGATION_TIMEOUT_MS) });
    const status = response?.status();
    return status && status >= 400 ? ` (the server answered HTTP ${status})` : "";
  } catch (error) {
    const message = shortError(error);
    if (/Timeout/i.test(message)) return " (still loading; the page may be incomplete)";
    throw new ActionError(`Could not open ${url}: ${message.replace(/ at https?:\/\/\S+$/, "")}`, unreachable(message));
  }
}

/** Chromium's network errors that mean the site could not be reached (no name, no connection); others are left unexplained. */
const UNREACHABLE =
  /net::ERR_(NAME_NOT_RESOLVED|NAME_RESOLUTION_FAILED|CONNECTION_(REFUSED|RESET|CLOSED|FAILED|TIMED_OUT)|ADDRESS_UNREACHABLE|INTERNET_DISCONNECTED|EMPTY_RESPONSE|SSL_PROTOCOL_ERROR|CERT_[A-Z_]+)/;
const unreachable = (message: string) => (UNREACHABLE.test(message) ? ("site_unreachable" as const) : undefined);

export async function navigate(env: ActionEnv, input: ActionInput<"navigate">): Promise<ActionOutcome> {
  const link = await env.resolveLink?.(input.url);
  if (link) return openSecretLink(env, link, "current tab");
  const url = await checkedUrl(env, input.url);
  const note = await gotoUrl(env, env.page(), url);
  return { ok: true, message: `Opened ${url}${note}.` };
}

/**
 * Opens a sign-in link read from a mailbox (docs/adr/0053-mailbox-codes-and-playwright-export.md),
 * in the current tab (`navigate`) or a new one (`open_tab`): the address rule holds for it as for
 * any address, checked before a tab is opened, and no message says where it led before the site
 * moved on, since the link itself is a secret.
 */
async function openSecretLink(
  env: ActionEnv,
  link: { url: string; description: string },
  where: "current tab" | "new tab",
): Promise<ActionOutcome> {
  const verdict = await env.policy.check(link.url);
  if (!verdict.allowed)
    throw new ActionError(`Refused to open ${link.description}: ${verdict.reason}. Nothing was opened.`, "navigation_blocked");
  const page = where === "new tab" ? await newTab(env) : env.page();
  const opened = where === "new tab" ? ` in new tab ${env.context.pages().indexOf(page)} and switched to it` : "";
  try {
    const response = await page.goto(link.url, { waitUntil: "domcontentloaded", timeout: actionTimeout(env, NAVIGATION_TIMEOUT_MS) });
    const status = response?.status();
    const note = status && status >= 400 ? ` (the server answered HTTP ${status})` : "";
    return { ok: true, message: `Opened ${link.description}${opened}${note}; the page is now ${env.redact(page.url())}.` };
  } catch (error) {
    const message = shortError(error);
    if (/Timeout/i.test(message))
      return { ok: true, message: `Opened ${link.description}${opened} (still loading; the page may be incomplete).` };
    throw new ActionError(
      `Could not open ${link.description}: ${env.redact(message.replace(/ at https?:\/\/\S+$/, ""))}`,
      unreachable(message),
    );
  }
}

/** A new tab, watched by the network guard before it loads anything, and made the current one. */
async function newTab(env: ActionEnv): Promise<Page> {
  const page = await env.context.newPage();
  await env.prepareTab(page);
  env.setPage(page);
  return page;
}

export async function goBack(env: ActionEnv): Promise<ActionOutcome> {
  const page = env.page();
  try {
    const response = await page.goBack({ waitUntil: "domcontentloaded", timeout: actionTimeout(env, NAVIGATION_TIMEOUT_MS) });
    if (!response && page.url() === "about:blank") throw new ActionError("There is no previous page in this tab.");
  } catch (error) {
    if (error instanceof ActionError) throw error;
    throw new ActionError(`Could not go back: ${shortError(error)}`);
  }
  return { ok: true, message: `Went back to ${page.url()}.` };
}

export async function scroll(env: ActionEnv, input: ActionInput<"scroll">): Promise<ActionOutcome> {
  const page = env.page();
  const pages = input.pages ?? 1;
  const sign = input.direction === "down" ? 1 : -1;
  if (input.index !== undefined) {
    const element = await resolveElement(env, input.index);
    const moved = await element.evaluate(
      (node, arg) => {
        const e = node as unknown as { scrollTop: number; scrollHeight: number; clientHeight: number; scrollBy(o: object): void };
        const before = e.scrollTop;
        e.scrollBy({ top: arg.sign * arg.pages * e.clientHeight * 0.9, behavior: "instant" });
        return {
          moved: Math.round(e.scrollTop - before),
          above: Math.round(e.scrollTop),
          below: Math.round(e.scrollHeight - e.clientHeight - e.scrollTop),
        };
      },
      { sign, pages },
    );
    if (moved.moved === 0)
      return {
        ok: true,
        message: `[${input.index}] did not move: it is already at the ${input.direction === "down" ? "bottom" : "top"} or does not scroll.`,
      };
    return {
      ok: true,
      message: `Scrolled [${input.index}] ${input.direction} ${Math.abs(moved.moved)} px (${moved.above} px above, ${moved.below} px below).`,
    };
  }
  type ScrollResult = { moved: number; target: string; atBottom: boolean; height: number };
  let result = await callInPage<ScrollResult>(page, SCROLL_PAGE_SOURCE, { sign, pages });
  let loaded = "";
  if (sign > 0 && result.atBottom) {
    // Infinite lists load more when the bottom is reached: give them a moment to grow.
    const grew = await page
      .waitForFunction(`(document.scrollingElement || document.documentElement).scrollHeight > ${result.height}`, undefined, {
        timeout: actionTimeout(env, BOTTOM_WAIT_MS),
        polling: 50,
      })
      .then(
        () => true,
        () => false,
      );
    if (grew) {
      loaded = " More content loaded at the bottom.";
      if (result.moved === 0) result = await callInPage<ScrollResult>(page, SCROLL_PAGE_SOURCE, { sign, pages });
    }
  }
  if (result.moved === 0)
    return { ok: true, message: `Nothing moved: already at the ${input.direction === "down" ? "bottom" : "top"} of the page.${loaded}` };
  return { ok: true, message: `Scrolled ${result.target} ${input.direction} ${Math.abs(result.moved)} px.${loaded}` };
}

export async function pressKeys(env: ActionEnv, input: ActionInput<"press_keys">): Promise<ActionOutcome> {
  const keys = input.keys.trim().split(/\s+/);
  const notes: string[] = [];
  for (const key of keys) {
    const clipboard = clipboardKind(key);
    if (clipboard) {
      notes.push(await clipboardKey(env, clipboard));
      continue;
    }
    try {
      await env.page().keyboard.press(key);
    } catch (error) {
      throw new ActionError(
        `Could not press ${JSON.stringify(key)}: ${shortError(error)}. Use key names like Enter, Escape, Tab, ArrowDown, Control+a.`,
      );
    }
  }
  return { ok: true, message: `Pressed ${keys.join(", ")}${notes.length ? ` (${notes.join("; ")})` : ""}.` };
}

export async function wait(env: ActionEnv, input: ActionInput<"wait">): Promise<ActionOutcome> {
  const ms = Math.min(input.seconds * 1000, Math.max(0, env.remainingMs() - 500));
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      env.signal.removeEventListener("abort", done);
      resolve();
    }
    env.signal.addEventListener("abort", done, { once: true });
  });
  return { ok: true, message: `Waited ${(ms / 1000).toFixed(1)} s.` };
}

export async function openTab(env: ActionEnv, input: ActionInput<"open_tab">): Promise<ActionOutcome> {
  const link = await env.resolveLink?.(input.url);
  if (link) return openSecretLink(env, link, "new tab");
  const url = await checkedUrl(env, input.url);
  const page = await newTab(env);
  const note = await gotoUrl(env, page, url);
  const index = env.context.pages().indexOf(page);
  return { ok: true, message: `Opened ${url} in new tab ${index} and switched to it${note}.` };
}

export async function switchTab(env: ActionEnv, input: ActionInput<"switch_tab">): Promise<ActionOutcome> {
  const pages = env.context.pages();
  const page = pages[input.tab];
  if (!page) throw new ActionError(`There is no tab ${input.tab}; open tabs are 0 to ${pages.length - 1}.`);
  env.setPage(page);
  await page.bringToFront().catch(() => {});
  return { ok: true, message: `Switched to tab ${input.tab} (${page.url()}).` };
}

export async function closeTab(env: ActionEnv, input: ActionInput<"close_tab">): Promise<ActionOutcome> {
  const pages = env.context.pages();
  const index = input.tab ?? pages.indexOf(env.page());
  const page = pages[index];
  if (!page) throw new ActionError(`There is no tab ${index}; open tabs are 0 to ${pages.length - 1}.`);
  if (pages.length === 1) throw new ActionError("This is the only tab; it cannot be closed.");
  const wasCurrent = page === env.page();
  await page.close().catch(() => {});
  const rest = env.context.pages();
  if (wasCurrent) {
    const next = rest[Math.min(index, rest.length - 1)] ?? rest[0];
    if (next) env.setPage(next);
  }
  return { ok: true, message: `Closed tab ${index}; now on tab ${rest.indexOf(env.page())} (${env.page().url()}).` };
}
