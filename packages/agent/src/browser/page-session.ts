import type { CDPSession, Page } from "playwright-core";

const sessions = new WeakMap<Page, Promise<CDPSession>>();

/**
 * The one DevTools session per page that the agent's own helpers share (screenshots, download
 * progress, worker scripts): every session costs Chromium an attach and its own event traffic.
 * It is never detached: it goes with its page. Users add and remove their own listeners. The
 * network guard keeps a session of its own: its Fetch patterns must not replace these.
 */
export function pageSession(page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (!session) {
    session = page.context().newCDPSession(page);
    sessions.set(page, session);
    session.catch(() => forgetPageSession(page, session!));
  }
  return session;
}

/** Drops a session that stopped answering, so the next pageSession(page) opens a new one. */
export function forgetPageSession(page: Page, session: Promise<CDPSession>): void {
  if (sessions.get(page) === session) sessions.delete(page);
}
