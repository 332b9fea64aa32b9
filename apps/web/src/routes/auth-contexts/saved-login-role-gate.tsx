import type { ComponentType, ReactNode } from "react";
import { RoleNote } from "../../workspaces/role-note";
import { useWorkspaceAllows } from "../../workspaces/use-workspace-allows";
import { AuthContextPageFrame } from "./auth-context-page-frame";

/**
 * The pages that open a live login browser, for a role that may only read: who can save logins,
 * in the page's frame, instead of a browser the server would refuse to open. Until the role is
 * known the page shows as before (the workspaces are loaded with the navigation bar).
 */
export function SavedLoginRoleGate({ title, heading, children }: { title: string; heading: string; children: ReactNode }) {
  const allowed = useWorkspaceAllows("run");
  if (allowed !== false) return children;
  return (
    <AuthContextPageFrame title={title} heading={heading} description="Saved logins let the agent start a task already signed in.">
      <RoleNote operation="run" what="save and refresh logins" />
    </AuthContextPageFrame>
  );
}

/** A page that opens a live login browser, behind SavedLoginRoleGate with the page's title and heading. */
export function savedLoginPage(title: string, heading: string, Page: ComponentType): ComponentType {
  return function GatedSavedLoginPage() {
    return (
      <SavedLoginRoleGate title={title} heading={heading}>
        <Page />
      </SavedLoginRoleGate>
    );
  };
}
