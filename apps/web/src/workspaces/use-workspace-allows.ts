import { WORKSPACE_PERMISSIONS, type WorkspaceOperation } from "@errand/contract";
import { useWorkspaces } from "./use-workspaces";

/**
 * Whether the person's role in the current workspace allows this kind of operation (the table of
 * docs/adr/0031-workspaces-and-roles.md): undefined until the workspaces are loaded, so a screen
 * shows its controls as before rather than flash a refusal. `enabled: false` (a public page seen
 * signed out) asks nothing of the server.
 */
export function useWorkspaceAllows(operation: WorkspaceOperation, { enabled = true } = {}): boolean | undefined {
  const { current } = useWorkspaces({ enabled });
  return current ? WORKSPACE_PERMISSIONS[operation].includes(current.role) : undefined;
}

/** Whether to offer a control: true unless the role is known not to allow it (the server still refuses). */
export function useCan(operation: WorkspaceOperation, options?: { enabled?: boolean }): boolean {
  return useWorkspaceAllows(operation, options) !== false;
}
