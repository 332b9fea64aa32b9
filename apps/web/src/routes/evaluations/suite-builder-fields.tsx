import { useRef } from "react";
import { Plus, Trash2 } from "lucide-react";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Textarea } from "../../components/ui/textarea";
import { emptyCase, type CaseDraft, type SuiteDraftErrors } from "./suite-draft";

interface SuiteBuilderFieldsProps {
  name: string;
  onName: (name: string) => void;
  cases: CaseDraft[];
  onCases: (cases: CaseDraft[]) => void;
  maxCases: number;
  errors: SuiteDraftErrors;
}

/** A suite made in the form: its name, then its cases (prompt, start URL, expected answer), added and removed one by one. */
export function SuiteBuilderFields({ name, onName, cases, onCases, maxCases, errors }: SuiteBuilderFieldsProps) {
  const list = useRef<HTMLOListElement>(null);
  const change = (index: number, patch: Partial<CaseDraft>) =>
    onCases(cases.map((draft, i) => (i === index ? { ...draft, ...patch } : draft)));

  function addCase() {
    onCases([...cases, emptyCase()]);
    // The new case's prompt takes the keyboard, once it is drawn.
    requestAnimationFrame(() => list.current?.querySelector<HTMLTextAreaElement>("li:last-child textarea")?.focus());
  }

  function removeCase(index: number) {
    onCases(cases.filter((_, i) => i !== index));
    // Focus stays in the list: on the case that took its place, or the one before.
    requestAnimationFrame(() =>
      list.current?.querySelectorAll<HTMLTextAreaElement>("textarea")[Math.min(index, cases.length - 2)]?.focus(),
    );
  }

  return (
    <div className="grid gap-5">
      <FormField id="evaluation-name" label="Name" error={errors.name}>
        <Input value={name} onChange={(event) => onName(event.target.value)} placeholder="Checkout flows, November" maxLength={200} />
      </FormField>
      <ol ref={list} className="grid gap-4" aria-label="Cases">
        {cases.map((draft, index) => (
          <li key={draft.key}>
            <CaseFields
              draft={draft}
              index={index}
              errors={errors.cases[index] ?? {}}
              onChange={(patch) => change(index, patch)}
              onRemove={cases.length > 1 ? () => removeCase(index) : null}
            />
          </li>
        ))}
      </ol>
      <Button type="button" variant="outline" className="justify-self-start" onClick={addCase} disabled={cases.length >= maxCases}>
        <Plus aria-hidden="true" />
        Add case
      </Button>
    </div>
  );
}

interface CaseFieldsProps {
  draft: CaseDraft;
  index: number;
  errors: { prompt?: string; startUrl?: string };
  onChange: (patch: Partial<CaseDraft>) => void;
  /** null for the only case: a suite has at least one. */
  onRemove: (() => void) | null;
}

function CaseFields({ draft, index, errors, onChange, onRemove }: CaseFieldsProps) {
  const id = `case-${draft.key}`;
  const number = index + 1;
  return (
    <fieldset className="min-w-0 rounded-lg border p-4" aria-invalid={errors.prompt || errors.startUrl ? true : undefined}>
      {/* A floated legend stays the fieldset's name and sits on one line with Remove. */}
      <legend className="float-left text-sm leading-8 font-semibold">Case {number}</legend>
      {onRemove ? (
        <Button type="button" variant="ghost" size="sm" className="float-right" onClick={onRemove} aria-label={`Remove case ${number}`}>
          <Trash2 aria-hidden="true" />
          Remove
        </Button>
      ) : null}
      <div className="clear-both grid gap-4 pt-2">
        <FormField id={`${id}-prompt`} label="Prompt" error={errors.prompt}>
          <Textarea
            rows={3}
            value={draft.prompt}
            onChange={(event) => onChange({ prompt: event.target.value })}
            placeholder="Find the price of the blue kettle"
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-start-url`} label="Start URL" hint="Optional. Where the browser opens." error={errors.startUrl}>
            <Input
              type="url"
              inputMode="url"
              value={draft.startUrl}
              onChange={(event) => onChange({ startUrl: event.target.value })}
              placeholder="https://example.com"
              autoComplete="off"
              spellCheck={false}
            />
          </FormField>
          <FormField id={`${id}-expected`} label="Expected answer" hint="Optional. The answer must contain it (case and spaces aside).">
            <Input value={draft.expected} onChange={(event) => onChange({ expected: event.target.value })} autoComplete="off" />
          </FormField>
        </div>
      </div>
    </fieldset>
  );
}
