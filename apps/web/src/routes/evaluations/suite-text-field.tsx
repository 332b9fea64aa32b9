import { useRef, useState, type ChangeEvent } from "react";
import { Upload } from "lucide-react";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Textarea } from "../../components/ui/textarea";

const EXAMPLE = `name: Shop checks
cases:
  - prompt: Find the price of the blue kettle
    start_url: https://shop.example.com
    expected: "$24.99"`;

/** Files bigger than this are not read into the page: a suite of 200 cases fits well within it. */
const MAX_FILE_BYTES = 1_000_000;

interface SuiteTextFieldProps {
  value: string;
  onChange: (text: string) => void;
  error?: string;
}

/** A suite pasted as YAML or JSON, or read from a file the person picks (it fills the same box, to check before starting). */
export function SuiteTextField({ value, onChange, error }: SuiteTextFieldProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [fileProblem, setFileProblem] = useState<string | undefined>();

  async function readFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setFileProblem(`${file.name} is larger than 1 MB`);
      return;
    }
    setFileProblem(undefined);
    onChange(await file.text());
  }

  return (
    <FormField
      id="evaluation-suite"
      label="Suite (YAML or JSON)"
      hint="A name and a list of cases, each with a prompt and optionally start_url, expected, checks and max_steps."
      error={fileProblem ?? error}
      aside={
        <>
          <input
            ref={fileInput}
            type="file"
            accept=".yaml,.yml,.json,application/json,application/yaml,text/yaml"
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => void readFile(event)}
          />
          <Button type="button" variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
            <Upload aria-hidden="true" />
            Upload a file
          </Button>
        </>
      }
    >
      <Textarea
        rows={12}
        value={value}
        onChange={(event) => {
          setFileProblem(undefined);
          onChange(event.target.value);
        }}
        placeholder={EXAMPLE}
        spellCheck={false}
        className="font-mono text-xs sm:text-xs"
      />
    </FormField>
  );
}
