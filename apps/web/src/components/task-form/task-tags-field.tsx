import { useState, type KeyboardEvent } from "react";
import { isTaskTag, normalizeTaskTag, TASK_TAG_MESSAGE, TASK_TAGS } from "@errand/contract";
import { ChipList } from "../ui/chip-list";
import { FormField } from "../ui/form-field";
import { Input } from "../ui/input";

interface TaskTagsFieldProps {
  id: string;
  value: string[];
  onChange: (tags: string[]) => void;
  /** The server's message for tags, from a refused submit. */
  error?: string;
}

/**
 * "Tags": typed words become chips (Enter, comma or leaving the field adds one; Backspace in the
 * empty field takes the last one back). They label the task's runs for usage by tag on the
 * Credits page (docs/adr/0039-usage-by-member-key-and-tag.md).
 */
export function TaskTagsField({ id, value, onChange, error }: TaskTagsFieldProps) {
  const [draft, setDraft] = useState("");
  const [problem, setProblem] = useState<string | undefined>();

  function add(): boolean {
    const tag = normalizeTaskTag(draft);
    if (!tag) return true;
    if (!isTaskTag(tag)) {
      setProblem(TASK_TAG_MESSAGE);
      return false;
    }
    if (!value.includes(tag) && value.length >= TASK_TAGS.max) {
      setProblem(`A task has at most ${TASK_TAGS.max} tags`);
      return false;
    }
    if (!value.includes(tag)) onChange([...value, tag]);
    setDraft("");
    setProblem(undefined);
    return true;
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Enter" || event.key === ",") {
      // Enter adds the tag instead of submitting the form.
      event.preventDefault();
      add();
    } else if (event.key === "Backspace" && draft === "" && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  }

  return (
    <div className="grid gap-2 @lg:col-span-2">
      <FormField
        id={id}
        label="Tags"
        error={problem ?? error}
        hint={`Optional. Up to ${TASK_TAGS.max}, to see usage by tag on the Credits page. Press Enter to add one.`}
      >
        <Input
          value={draft}
          placeholder="team:sales"
          autoComplete="off"
          onChange={(event) => {
            setDraft(event.target.value);
            setProblem(undefined);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => void add()}
        />
      </FormField>
      <ChipList
        items={value}
        label="Tags of this task"
        removeLabel={(tag) => `Remove tag ${tag}`}
        onRemove={(tag) => onChange(value.filter((t) => t !== tag))}
      />
    </div>
  );
}
