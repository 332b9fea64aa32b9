import { Link, useSearchParams } from "react-router";
import { Tag, X } from "lucide-react";
import { Button } from "../../components/ui/button";
import { cn } from "../../components/ui/cn";
import { taskListSearch, taskListView } from "./task-list-params";

const chip =
  "inline-flex h-6 max-w-full items-center gap-1 rounded-full border px-2 text-xs font-medium [overflow-wrap:anywhere] transition-colors";

/**
 * A task's tags as small links, each to Task History showing only the tasks with that tag
 * (?tag=, the search kept, back to the first page): a link, so it can be opened apart, and Back
 * returns to the list as it was.
 */
export function TaskTagLinks({ tags }: { tags: readonly string[] }) {
  const [params] = useSearchParams();
  const view = taskListView(params);
  if (tags.length === 0) return null;
  return (
    <ul className="mt-1.5 flex flex-wrap gap-1" aria-label="Tags">
      {tags.map((tag) => {
        const active = tag === view.tag;
        return (
          <li key={tag} className="min-w-0">
            <Link
              to={{ pathname: "/tasks", search: taskListSearch({ ...view, tag, page: 1 }) }}
              aria-label={`Tag ${tag}: show only tasks with it`}
              aria-current={active ? "true" : undefined}
              className={cn(
                chip,
                active
                  ? "border-primary bg-accent text-accent-foreground"
                  : "border-input bg-muted/60 text-muted-foreground hover:border-primary hover:text-foreground",
              )}
            >
              {tag}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** Above the list while it is filtered by a tag: which one, and "Clear filter" (a new history entry, so Back brings it again). */
export function TagFilterBar({ tag, onClear }: { tag: string; onClear: () => void }) {
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 text-sm" data-tag-filter>
      <p className="flex min-w-0 flex-wrap items-center gap-2">
        <span className="text-muted-foreground">Showing tasks tagged</span>
        <span className={cn(chip, "border-primary bg-accent text-accent-foreground")}>
          <Tag className="size-3 shrink-0" aria-hidden="true" />
          {tag}
        </span>
      </p>
      <Button variant="outline" size="sm" onClick={onClear}>
        <X aria-hidden="true" />
        Clear filter
      </Button>
    </div>
  );
}
