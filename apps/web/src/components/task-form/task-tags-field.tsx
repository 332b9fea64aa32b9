import { isTaskTag, normalizeTaskTag, TASK_TAG_MESSAGE, TASK_TAGS } from "@errand/contract";
import { ChipField, type ChipTake } from "../ui/chip-field";

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
  return (
    <ChipField
      id={id}
      label="Tags"
      hint={`Optional. Up to ${TASK_TAGS.max}, to see usage by tag on the Credits page. Press Enter to add one.`}
      error={error}
      className="@lg:col-span-2"
      value={value}
      onChange={onChange}
      take={(draft) => takeTag(draft, value)}
      field={{ placeholder: "team:sales" }}
      list={{ label: "Tags of this task", removeLabel: (tag) => `Remove tag ${tag}` }}
    />
  );
}

/** A typed tag, normalised: added unless the task has it; refused when not a tag or one too many. */
function takeTag(draft: string, tags: string[]): ChipTake {
  const tag = normalizeTaskTag(draft);
  if (!tag) return null;
  if (!isTaskTag(tag)) return { problem: TASK_TAG_MESSAGE };
  if (tags.includes(tag)) return { add: [] };
  if (tags.length >= TASK_TAGS.max) return { problem: `A task has at most ${TASK_TAGS.max} tags` };
  return { add: [tag] };
}
