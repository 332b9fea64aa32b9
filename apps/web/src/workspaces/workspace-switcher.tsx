import { useState } from "react";
import { Link } from "react-router";
import { Check, ChevronsUpDown, Plus, Settings, Users } from "lucide-react";
import { cn } from "../components/ui/cn";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../components/ui/dropdown-menu";
import { CreateWorkspaceDialog } from "./create-workspace-dialog";
import { ROLE_LABELS } from "./role-labels";
import { choose, useWorkspaces } from "./use-workspaces";

/** The navigation bar's workspace switcher (md and up): the current name; the list with roles, settings and "Create workspace". */
export function WorkspaceSwitcher() {
  const { list, current } = useWorkspaces();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger
          aria-label={`Workspace: ${current?.name ?? "loading"}`}
          className="hidden h-9 max-w-48 items-center gap-1.5 rounded-md border px-2.5 text-sm font-medium hover:bg-muted data-[state=open]:bg-muted md:inline-flex"
        >
          <Users className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span className="truncate">{current?.name ?? "…"}</span>
          <ChevronsUpDown className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-64">
          <DropdownMenuLabel>Workspaces</DropdownMenuLabel>
          {list.map((workspace) => (
            <DropdownMenuItem
              key={workspace.id}
              onSelect={() => choose(workspace)}
              aria-current={workspace.id === current?.id ? "true" : undefined}
            >
              <Check className={cn("size-4", workspace.id === current?.id ? "opacity-100" : "opacity-0")} aria-hidden="true" />
              <span className="min-w-0 flex-1 truncate">{workspace.name}</span>
              <span className="text-xs text-muted-foreground">{ROLE_LABELS[workspace.role]}</span>
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link to="/workspace">
              <Settings aria-hidden="true" />
              Workspace settings
            </Link>
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={() => setCreating(true)}>
            <Plus aria-hidden="true" />
            Create workspace
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {creating ? <CreateWorkspaceDialog onClose={() => setCreating(false)} /> : null}
    </>
  );
}
