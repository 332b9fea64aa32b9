import type { ReactNode } from "react";
import { Link } from "react-router";
import type { LucideIcon } from "lucide-react";
import type { WorkspaceOperation } from "@errand/contract";
import { useCan } from "../../workspaces/use-workspace-allows";
import { Button } from "./button";

interface NoItemsYetProps {
  icon: LucideIcon;
  /** "No evaluations yet". */
  title: string;
  /** What one is and what it is for. */
  children: ReactNode;
  /** The link to make the first, offered to a role that may do `operation` (the page's header says who can otherwise). */
  first: { to: string; label: string; operation: WorkspaceOperation };
}

/** A list page's empty state before the first item: an icon, what the thing is, and the way to make one. */
export function NoItemsYet({ icon: Icon, title, children, first }: NoItemsYetProps) {
  const canAdd = useCan(first.operation);
  return (
    <div className="grid justify-items-center gap-3 px-4 py-14 text-center">
      <Icon className="size-8 text-muted-foreground" aria-hidden="true" />
      <p className="text-lg font-medium">{title}</p>
      <p className="max-w-lg text-sm text-muted-foreground">{children}</p>
      {canAdd ? (
        <Button asChild className="mt-2">
          <Link to={first.to}>{first.label}</Link>
        </Button>
      ) : null}
    </div>
  );
}
