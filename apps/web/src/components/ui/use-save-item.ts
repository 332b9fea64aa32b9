import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import type { FieldErrors } from "../../lib/forms/form-errors";
import { notify } from "./notify";
import { useSubmit } from "./use-submit";

interface SaveItemOptions<B> {
  /** The item being edited; null when adding one. */
  existing: { id: string } | null;
  create: (body: B) => Promise<unknown>;
  update: (id: string, body: B) => Promise<unknown>;
  /** The list the item is in: read again after the save. */
  listKey: QueryKey;
  /** The success toast: its title when added and when saved, and its description. */
  toast: { added: string; saved: string; description: string };
  /** The action's own words when it fails; a refusal is said in the dialog, in the API's words. */
  failure: string;
  fields?: (error: unknown) => FieldErrors;
  onClose: () => void;
}

/** The submit of an add-or-edit dialog: create or update, then the list is read again, the toast says so, and the dialog closes. */
export function useSaveItem<B>({ existing, create, update, listKey, toast, failure, fields, onClose }: SaveItemOptions<B>) {
  const queryClient = useQueryClient();
  return useSubmit({
    action: (body: B) => (existing ? update(existing.id, body) : create(body)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: listKey });
      notify.success(existing ? toast.saved : toast.added, toast.description);
      onClose();
    },
    failure: { message: failure, apiMessage: true, show: "form" },
    fields,
  });
}
