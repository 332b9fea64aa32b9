/**
 * The workspace the web app acts in (docs/adr/0036-workspace-invitations.md): remembered in this
 * browser, sent with every API request as the x-errand-workspace header, and part of every query's
 * cache key (see app.tsx), so switching shows and fetches the other workspace's data. Null is the
 * person's personal workspace: no header.
 */
const STORAGE_KEY = "errand.workspace";
export const WORKSPACE_HEADER = "x-errand-workspace";

let current: string | null = read();
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The chosen team workspace's id, or null for the personal one. */
export function currentWorkspaceId(): string | null {
  return current;
}

/** Switches (null: back to personal) and tells every subscriber. */
export function setCurrentWorkspace(id: string | null): void {
  if (id === current) return;
  current = id;
  try {
    if (id) window.localStorage.setItem(STORAGE_KEY, id);
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
  for (const listener of listeners) listener();
}

export function subscribeToWorkspace(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Told when the server says the chosen workspace is gone (removed, or deleted): see apiRequest. */
let onLost: (() => void) | null = null;
export function onWorkspaceLost(handler: () => void): () => void {
  onLost = handler;
  return () => {
    if (onLost === handler) onLost = null;
  };
}

/** The chosen workspace answered 404: back to personal, and say so once. */
export function workspaceLost(sentId: string): void {
  if (current !== sentId) return;
  setCurrentWorkspace(null);
  onLost?.();
}
