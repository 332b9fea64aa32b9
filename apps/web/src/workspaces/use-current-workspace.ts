import { useSyncExternalStore } from "react";
import { currentWorkspaceId, subscribeToWorkspace } from "./current-workspace";

/** The chosen team workspace's id (null: personal); re-renders on a switch. */
export function useCurrentWorkspaceId(): string | null {
  return useSyncExternalStore(subscribeToWorkspace, currentWorkspaceId, () => null);
}
