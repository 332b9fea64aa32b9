import { WORKSPACE_PERMISSIONS, type WorkspaceOperation } from "@errand/contract";
import { useWorkspaces } from "./use-workspaces";

/**
 * Whether the person's role in the current workspace allows this kind of operation (the table of
 * docs/adr/0031-workspaces-and-roles.md): undefined until the workspaces are loaded, so a screen
 * shows its controls as before rather than flash a refusal.
 */
export function useWorkspaceAllows(operation: WorkspaceOperation): boolean | undefined {
  const { current } = useWorkspaces();
  return current ? WORKSPACE_PERMISSIONS[operation].includes(current.role) : undefined;
}
