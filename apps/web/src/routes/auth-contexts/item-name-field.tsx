import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";

interface ItemNameFieldProps {
  id: string;
  /** The contract's longest name. */
  maxLength: number;
  placeholder: string;
  /** The saved name, when editing. */
  defaultValue: string | undefined;
  error: string | undefined;
}

/** The Name of a saved credential or proxy pool: the identifier a task names it by, typed as is. */
export function ItemNameField({ id, error, ...input }: ItemNameFieldProps) {
  return (
    <FormField id={id} label="Name" error={error}>
      <Input name="name" autoComplete="off" spellCheck={false} required {...input} />
    </FormField>
  );
}
