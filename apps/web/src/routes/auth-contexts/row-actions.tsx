import { Pencil, Trash2 } from "lucide-react";
import { IconButton } from "../../components/ui/icon-button";

/** The Edit and Delete icon buttons at the end of a named row (a credential, a proxy pool). */
export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <div className="flex shrink-0 gap-1">
      <IconButton label={`Edit ${name}`} icon={<Pencil aria-hidden="true" />} onClick={onEdit} />
      <IconButton label={`Delete ${name}`} icon={<Trash2 aria-hidden="true" />} tone="destructive" onClick={onDelete} />
    </div>
  );
}
