import { Pencil, Trash2 } from "lucide-react";
import { Button } from "../../components/ui/button";

/** The Edit and Delete icon buttons at the end of a named row (a credential, a proxy pool). */
export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <div className="flex shrink-0 gap-1">
      <Button variant="ghost" size="icon" onClick={onEdit} aria-label={`Edit ${name}`} title={`Edit ${name}`}>
        <Pencil aria-hidden="true" />
      </Button>
      <Button variant="ghost" size="icon" onClick={onDelete} aria-label={`Delete ${name}`} title={`Delete ${name}`} className="text-muted-foreground hover:text-destructive">
        <Trash2 aria-hidden="true" />
      </Button>
    </div>
  );
}
