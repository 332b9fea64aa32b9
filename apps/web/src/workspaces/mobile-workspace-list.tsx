import { useState } from "react";
import { Link } from "react-router";
import { Check, Plus, Settings } from "lucide-react";
import { Button } from "../components/ui/button";
import { cn } from "../components/ui/cn";
import { CreateWorkspaceDialog } from "./create-workspace-dialog";
import { ROLE_LABELS } from "./role-labels";
import { choose, useWorkspaces } from "./use-workspaces";

/** The same inside the mobile menu (under md): the workspaces as buttons, the current one pressed. */
export function MobileWorkspaceList({ onDone }: { onDone: () => void }) {
  const { list, current } = useWorkspaces();
  const [creating, setCreating] = useState(false);
  return (
    <section aria-labelledby="mobile-workspaces" className="mt-3 border-t pt-3">
      <p id="mobile-workspaces" className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        Workspace
      </p>
      <ul className="flex flex-col">
        {list.map((workspace) => (
          <li key={workspace.id}>
            <button
              type="button"
              aria-pressed={workspace.id === current?.id}
              onClick={() => {
                choose(workspace);
                onDone();
              }}
              className="flex w-full items-center gap-2 rounded-md px-3 py-2.5 text-left text-base font-medium hover:bg-muted"
            >
              <Check className={cn("size-4", workspace.id === current?.id ? "opacity-100" : "opacity-0")} aria-hidden="true" />
              <span className="min-w-0 flex-1 truncate">{workspace.name}</span>
              <span className="text-sm text-muted-foreground">{ROLE_LABELS[workspace.role]}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="mt-2 grid grid-cols-2 gap-3">
        <Button asChild variant="outline">
          <Link to="/workspace" onClick={onDone}>
            <Settings aria-hidden="true" />
            Settings
          </Link>
        </Button>
        <Button variant="outline" onClick={() => setCreating(true)}>
          <Plus aria-hidden="true" />
          Create workspace
        </Button>
      </div>
      {creating ? <CreateWorkspaceDialog onClose={() => setCreating(false)} /> : null}
    </section>
  );
}
