import { useState, type ChangeEvent, type ComponentProps, type KeyboardEvent } from "react";
import { ChipList } from "./chip-list";
import { cn } from "./cn";
import { FormField } from "./form-field";
import { Input } from "./input";

/** What a draft gives: chips to add (none when they are there already), a problem to show, or nothing to do. */
export type ChipTake = { add: string[] } | { problem: string } | null;

interface ChipFieldProps {
  id: string;
  label: string;
  hint: string;
  /** A message from a refused submit. */
  error?: string;
  className?: string;
  value: string[];
  onChange: (chips: string[]) => void;
  /** What the typed draft gives. */
  take: (draft: string) => ChipTake;
  /** Keys that add the draft besides Enter and comma. */
  keys?: string[];
  /** The text field's other attributes (placeholder, ...). */
  field?: Omit<ComponentProps<typeof Input>, "value" | "onChange" | "onKeyDown" | "onBlur">;
  /** The chips' list: its name and each remove button's. */
  list: { label: string; removeLabel: (chip: string) => string };
}

/** A field whose typed words become chips (tags, model names) listed under it, each removable. */
export function ChipField({ id, label, hint, error, className, value, onChange, take, keys, field, list }: ChipFieldProps) {
  const { problem, input } = useChipDraft({ value, onChange, take, keys });
  return (
    <div className={cn("grid gap-2", className)}>
      <FormField id={id} label={label} error={problem ?? error} hint={hint}>
        <Input autoComplete="off" {...field} {...input} />
      </FormField>
      <ChipList
        items={value}
        label={list.label}
        removeLabel={list.removeLabel}
        onRemove={(chip) => onChange(value.filter((c) => c !== chip))}
      />
    </div>
  );
}

/**
 * A text field whose typed words become chips (tags, model names): Enter, comma, the `keys` given
 * or leaving the field hand the draft to `take`; Backspace in the empty field takes the last chip
 * back. Enter adds instead of submitting the form. Spread `input` on the field.
 */
function useChipDraft({
  value,
  onChange,
  take,
  keys = [],
}: {
  value: string[];
  onChange: (chips: string[]) => void;
  take: (draft: string) => ChipTake;
  keys?: string[];
}) {
  const [draft, setDraft] = useState("");
  const [problem, setProblem] = useState<string | undefined>();

  function add() {
    const taken = take(draft);
    if (!taken) return;
    if ("problem" in taken) return setProblem(taken.problem);
    if (taken.add.length > 0) onChange([...value, ...taken.add]);
    setDraft("");
    setProblem(undefined);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter" || event.key === "," || keys.includes(event.key)) {
      event.preventDefault();
      add();
    } else if (event.key === "Backspace" && draft === "" && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  }

  const onDraft = (event: ChangeEvent<HTMLInputElement>) => {
    setDraft(event.target.value);
    setProblem(undefined);
  };
  return { problem, input: { value: draft, onChange: onDraft, onKeyDown, onBlur: add } };
}
