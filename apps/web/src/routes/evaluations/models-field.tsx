import { ChipField } from "../../components/ui/chip-field";
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
  return (
    <ChipField
      id={id}
      label="Models"
      hint={`Up to ${max}; press Enter to add one. ${hint}`}
      error={error}
      value={value}
      onChange={onChange}
      keys={[" "]}
      take={(draft) => {
        const names = modelNames(draft).filter((name) => !value.includes(name));
        if (value.length + names.length > max) return { problem: `An evaluation compares at most ${max} models` };
        return { add: names };
      }}
      field={{ placeholder: "gpt-4.1", spellCheck: false }}
      list={{ label: "Models to compare", removeLabel: (model) => `Remove model ${model}` }}
    />
  );
}
