import { useQueryClient } from "@tanstack/react-query";
import type { ItemSaves } from "../../api/item-saves";
import { capitalized } from "../../lib/format/noun";
import { submitChecked, type InputSchemas } from "../../lib/forms/checked-submit";
import { fieldErrorsFromServer, type Issue } from "../../lib/forms/form-errors";
import { notify } from "./notify";
import { useSubmit } from "./use-submit";

interface SaveItemOptions<B> {
  /** "credential": the dialog's title and buttons, the toast and the failure are said with it. */
  noun: string;
  /** The item being edited; null when adding one. */
  existing: { id: string; name: string } | null;
  saves: ItemSaves<B>;
  /** The success toast's description. */
  saved: string;
  /** Words a field's message by its whole path (e.g. names the line of a list it came from). */
  say?: (issue: Issue) => string;
  onClose: () => void;
}

/**
 * The submit of an add-or-edit dialog: the body is checked, then created or updated; the list is
 * read again, the toast says so, and the dialog closes. A refusal (a name already used, the
 * account's limit) is said in the dialog, in the API's words. `dialog` is what FormDialog needs.
 */
export function useSaveItem<B>({ noun, existing, saves, saved, say, onClose }: SaveItemOptions<B>) {
  const queryClient = useQueryClient();
  const submit = useSubmit({
    action: (body: B) => (existing ? saves.update(existing.id, body) : saves.create(body)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: saves.listKey });
      notify.success(`${capitalized(noun)} ${existing ? "saved" : "added"}`, saved);
      onClose();
    },
    failure: { message: `Failed to save the ${noun}. Please try again.`, apiMessage: true, show: "form" },
    fields: say ? (error) => fieldErrorsFromServer(error, say) : undefined,
  });
  function save(body: B) {
    // The body goes as the person wrote it once its request's schema accepts it.
    const schema = (s: InputSchemas) => s.itemBodySchemas[saves.schemas][existing ? "update" : "create"];
    void submitChecked(submit, schema, body, () => body, say);
  }
  const dialog = {
    title: existing ? `Edit ${existing.name}` : `Add ${noun}`,
    label: `${existing ? "Edit" : "Add"} ${noun}`,
    submitLabel: existing ? "Save" : `Add ${noun}`,
    submit,
    onClose,
  };
  return { ...submit, save, dialog };
}
