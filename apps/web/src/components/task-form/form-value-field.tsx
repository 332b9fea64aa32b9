import type { ComponentProps } from "react";
import type { TaskFormErrors, TaskFormValues } from "../../lib/tasks/task-form";
import { FormField } from "../ui/form-field";
import { Input } from "../ui/input";
import type { TaskFormState } from "./use-task-form";

/** The form's values that a text box edits as typed. */
type TextValue = { [K in keyof TaskFormValues]: TaskFormValues[K] extends string ? K : never }[keyof TaskFormValues];

/** What names one text value of the form: its value, its id's ending, the API field its error comes back on, its words. */
export interface ValueFieldSpec {
  name: TextValue;
  slug: string;
  error: keyof TaskFormErrors;
  label: string;
  hint: string;
}

interface FormValueFieldProps extends Omit<ComponentProps<"input">, "id" | "value" | "onChange" | "form"> {
  /** The form's id; the field's is `${id}-${spec.slug}`. */
  id: string;
  form: TaskFormState;
  spec: ValueFieldSpec;
}

/** One of the task form's text values in a labelled field; the input's own props (type, bounds, placeholder) pass through. */
export function FormValueField({ id, form, spec, ...input }: FormValueFieldProps) {
  return (
    <FormField id={`${id}-${spec.slug}`} label={spec.label} error={form.errors[spec.error]} hint={spec.hint}>
      <Input {...input} value={form.values[spec.name]} onChange={(event) => form.set(spec.name, event.target.value)} />
    </FormField>
  );
}
