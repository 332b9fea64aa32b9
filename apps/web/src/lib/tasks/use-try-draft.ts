import { useNavigate } from "react-router";
import { useSession } from "../../session/use-session";
import { onlyRolesCan } from "../../workspaces/role-refusal";
import { useWorkspaceAllows } from "../../workspaces/use-workspace-allows";
import { saveTaskDraft, type TaskDraft } from "./task-draft";

/** "Try This Automation" and its kin: the settings become the task draft, then the dashboard opens with them (the login first) (spec section 6). */
export function useTryDraft(): (draft: TaskDraft) => void {
  const navigate = useNavigate();
  const session = useSession();
  return (draft) => {
    saveTaskDraft(draft);
    void navigate(session ? "/dashboard" : "/login");
  };
}

/**
 * Why a "Try" button cannot lead anywhere for this person: signed in, and acting in a workspace
 * where their role may not run tasks (the dashboard has no task form for them). Null otherwise;
 * nothing is asked of the server for someone signed out.
 */
export function useTryRefusal(): string | null {
  const session = useSession();
  const allowed = useWorkspaceAllows("run", { enabled: Boolean(session) });
  return session && allowed === false ? `${onlyRolesCan("run", "run tasks")} Switch to a workspace where you can, to try it.` : null;
}
