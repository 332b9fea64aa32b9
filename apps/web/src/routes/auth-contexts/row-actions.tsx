import { Pencil, Trash2 } from "lucide-react";
import { IconButton } from "../../components/ui/icon-button";

/** The Edit and Delete icon buttons at the end of a named row (a credential, a proxy pool); none when the role may not change it. */
export function RowActions({ name, actions }: { name: string; actions: { onEdit: () => void; onDelete: () => void } | null }) {
  if (!actions) return null;
  const { onEdit, onDelete } = actions;
  return (
    <div className="flex shrink-0 gap-1">
      <IconButton label={`Edit ${name}`} icon={<Pencil aria-hidden="true" />} onClick={onEdit} />
      <IconButton label={`Delete ${name}`} icon={<Trash2 aria-hidden="true" />} tone="destructive" onClick={onDelete} />
    </div>
  );
}
