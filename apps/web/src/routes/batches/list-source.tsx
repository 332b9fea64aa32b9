import { useId, useState } from "react";
import { Button } from "../../components/ui/button";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { Textarea } from "../../components/ui/textarea";
import { readList, type ReadList } from "../../lib/batches/batch-list";

interface ListSourceProps {
  /** The list once read, with where it came from ("rows.csv", "the pasted text"). */
  onRead: (list: ReadList, from: string) => void;
  /** A file or text that could not be read clears the list. */
  onClear: () => void;
}

/** Where the rows come from: a CSV or JSON file, or CSV or a JSON array pasted in. */
export function ListSource({ onRead, onClear }: ListSourceProps) {
  const fileId = useId();
  const pasteId = useId();
  const [fileError, setFileError] = useState<string | undefined>();
  const [pasteError, setPasteError] = useState<string | undefined>();
  const [pasted, setPasted] = useState("");

  async function readFile(file: File | undefined) {
    setFileError(undefined);
    if (!file) return onClear();
    const read = readList(await file.text());
    if (typeof read === "string") {
      setFileError(`${file.name}: ${read}`);
      return onClear();
    }
    onRead(read, file.name);
  }

  function readPasted() {
    setPasteError(undefined);
    const read = readList(pasted);
    if (typeof read === "string") {
      setPasteError(read);
      return onClear();
    }
    onRead(read, "the pasted text");
  }

  return (
    <div className="grid gap-4">
      <FormField
        id={fileId}
        label="CSV or JSON file"
        hint="The first line of a CSV names the columns. At most 1,000 rows."
        error={fileError}
      >
        <Input type="file" accept=".csv,.json,text/csv,application/json" onChange={(event) => void readFile(event.target.files?.[0])} />
      </FormField>
      <FormField id={pasteId} label="Or paste CSV or a JSON array" error={pasteError}>
        <Textarea
          value={pasted}
          onChange={(event) => setPasted(event.target.value)}
          placeholder={'shop,city\nLidl,Madrid\n\nor [{"shop": "Lidl", "city": "Madrid"}]'}
          className="min-h-20 font-mono text-xs"
          spellCheck={false}
        />
      </FormField>
      <Button type="button" variant="outline" className="justify-self-start" disabled={!pasted.trim()} onClick={readPasted}>
        Read pasted rows
      </Button>
    </div>
  );
}
