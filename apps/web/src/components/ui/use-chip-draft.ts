import { useState, type ChangeEvent, type KeyboardEvent } from "react";

/** What a draft gives: chips to add (none when they are there already), a problem to show, or nothing to do. */
export type ChipTake = { add: string[] } | { problem: string } | null;

/**
 * A text field whose typed words become chips (tags, model names): Enter, comma, the `keys` given
 * or leaving the field hand the draft to `take`; Backspace in the empty field takes the last chip
 * back. Enter adds instead of submitting the form. Spread `input` on the field.
 */
export function useChipDraft({
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
