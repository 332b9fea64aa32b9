import { useState, type KeyboardEvent } from "react";
import { ChipList } from "../../components/ui/chip-list";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { modelNames } from "./suite-draft";

interface ModelsFieldProps {
  id: string;
  value: string[];
  onChange: (models: string[]) => void;
  /** At most this many models. */
  max: number;
  /** What happens with the models, under the field. */
  hint: string;
  /** A message from a refused submit. */
  error?: string;
}

/**
 * "Models": typed names become chips (Enter, comma, space or leaving the field adds them; a pasted
 * "a, b" adds both; Backspace in the empty field takes the last one back). Each case runs once per model.
 */
export function ModelsField({ id, value, onChange, max, hint, error }: ModelsFieldProps) {
  const [draft, setDraft] = useState("");
  const [problem, setProblem] = useState<string | undefined>();

  function add() {
    const names = modelNames(draft).filter((name) => !value.includes(name));
    if (names.length === 0) {
      setDraft("");
      return;
    }
    if (value.length + names.length > max) {
      setProblem(`An evaluation compares at most ${max} models`);
      return;
    }
    onChange([...value, ...names]);
    setDraft("");
    setProblem(undefined);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter" || event.key === "," || event.key === " ") {
      // Enter adds the model instead of submitting the form.
      event.preventDefault();
      add();
    } else if (event.key === "Backspace" && draft === "" && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  }

  return (
    <div className="grid gap-2">
      <FormField id={id} label="Models" error={problem ?? error} hint={`Up to ${max}; press Enter to add one. ${hint}`}>
        <Input
          value={draft}
          placeholder="gpt-4.1"
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => {
            setDraft(event.target.value);
            setProblem(undefined);
          }}
          onKeyDown={onKeyDown}
          onBlur={add}
        />
      </FormField>
      <ChipList
        items={value}
        label="Models to compare"
        removeLabel={(model) => `Remove model ${model}`}
        onRemove={(model) => onChange(value.filter((m) => m !== model))}
      />
    </div>
  );
}
