import { useEffect, useState } from "react";
import { Search, X } from "lucide-react";
import { Input } from "../../components/ui/input";

/** The marketplace search: the URL's `search` parameter follows the box (debounced, history replaced). */
export function SearchBox({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const [text, setText] = useState(value);
  // Back/forward or a filter link can change the parameter under us.
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => onChange(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);

  return (
    <form
      role="search"
      className="relative"
      onSubmit={(event) => {
        event.preventDefault();
        onChange(text.trim());
      }}
    >
      <label htmlFor="automation-search" className="sr-only">
        Search automations
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
      <Input
        id="automation-search"
        type="search"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder="Search automations..."
        className="h-11 pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden"
        autoComplete="off"
      />
      {text ? (
        <button
          type="button"
          onClick={() => {
            setText("");
            onChange("");
          }}
          className="absolute top-1/2 right-2 grid size-8 -translate-y-1/2 place-items-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
          aria-label="Clear search"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      ) : null}
    </form>
  );
}
