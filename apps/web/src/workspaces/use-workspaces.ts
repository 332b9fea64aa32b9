import { useQuery } from "@tanstack/react-query";
import type { Workspace } from "@errand/contract";
import { workspacesQueryOptions } from "../api/workspaces";
import { setCurrentWorkspace } from "./current-workspace";
import { useCurrentWorkspaceId } from "./use-current-workspace";

/**
 * The person's workspaces and the one the app acts in (the personal one until another is chosen).
 * `enabled: false` for someone signed out: there is nothing to ask.
 */
export function useWorkspaces({ enabled = true } = {}) {
  const workspaces = useQuery({ ...workspacesQueryOptions, enabled });
  const chosen = useCurrentWorkspaceId();
  const list = workspaces.data ?? [];
  const current = list.find((w) => w.id === chosen) ?? list.find((w) => w.kind === "personal");
  return { workspaces, list, current };
}

export const choose = (workspace: Workspace) => setCurrentWorkspace(workspace.kind === "personal" ? null : workspace.id);
