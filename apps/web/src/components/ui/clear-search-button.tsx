import { Button } from "./button";

/** Under an empty list that a search emptied: the way back to the whole list (nothing while no search is set). */
export function ClearSearchButton({ search, onClear }: { search: string; onClear: () => void }) {
  if (!search) return null;
  return (
    <Button variant="outline" onClick={onClear}>
      Clear search
    </Button>
  );
}
