import { isTaskTag, normalizeTaskTag, TASK_TAG_MESSAGE, TASK_TAGS } from "@errand/contract";
import { ChipList } from "../ui/chip-list";
import { FormField } from "../ui/form-field";
import { Input } from "../ui/input";
import { useChipDraft, type ChipTake } from "../ui/use-chip-draft";

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
  const { problem, input } = useChipDraft({ value, onChange, take: (draft) => takeTag(draft, value) });

  return (
    <div className="grid gap-2 @lg:col-span-2">
      <FormField
        id={id}
        label="Tags"
        error={problem ?? error}
        hint={`Optional. Up to ${TASK_TAGS.max}, to see usage by tag on the Credits page. Press Enter to add one.`}
      >
        <Input placeholder="team:sales" autoComplete="off" {...input} />
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

/** A typed tag, normalised: added unless the task has it; refused when not a tag or one too many. */
function takeTag(draft: string, tags: string[]): ChipTake {
  const tag = normalizeTaskTag(draft);
  if (!tag) return null;
  if (!isTaskTag(tag)) return { problem: TASK_TAG_MESSAGE };
  if (tags.includes(tag)) return { add: [] };
  if (tags.length >= TASK_TAGS.max) return { problem: `A task has at most ${TASK_TAGS.max} tags` };
  return { add: [tag] };
}
