import type { WorkspaceOperation } from "@errand/contract";
import { cn } from "../components/ui/cn";
import { onlyRolesCan } from "./role-refusal";

interface RoleNoteProps {
  operation: WorkspaceOperation;
  /** What the control would have done: "buy credits". */
  what: string;
  id?: string;
  className?: string;
}

/** One line where a control the person's role may not use would stand: who can, instead of a button the server refuses. */
export function RoleNote({ operation, what, id, className }: RoleNoteProps) {
  return (
    <p id={id} className={cn("text-sm text-muted-foreground", className)}>
      {onlyRolesCan(operation, what)}
    </p>
  );
}
