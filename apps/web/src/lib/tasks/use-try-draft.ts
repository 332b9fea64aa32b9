import { useNavigate } from "react-router";
import { useSession } from "../../session/use-session";
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
