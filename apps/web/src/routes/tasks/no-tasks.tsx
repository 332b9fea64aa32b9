import { Link } from "react-router";
import { Button } from "../../components/ui/button";
import { ClearSearchButton } from "../../components/ui/clear-search-button";
import { RoleNote } from "../../workspaces/role-note";
import type { TaskListView } from "./task-list-params";

interface NoTasksProps {
  view: TaskListView;
  /** Whether the person's role may create tasks (a viewer is told who can instead). */
  canCreate: boolean;
  onClearSearch: () => void;
  onFirstPage: () => void;
}

const emptyClass = "grid justify-items-center gap-3 px-4 py-14 text-center";
const quoted = (text: string) => `\u201c${text}\u201d`;

/**
 * Nothing has the tag or matches the search (the tag's Clear filter is in the bar above the list),
 * there are no tasks yet, or this page is past the last.
 */
export function NoTasks({ view: { page, search, tag }, canCreate, onClearSearch, onFirstPage }: NoTasksProps) {
  if (page === 1 && (search || tag))
    return (
      <div className={emptyClass}>
        <p className="max-w-full text-lg font-medium [overflow-wrap:anywhere]">
          {tag ? `No tasks tagged ${quoted(tag)}` : "No tasks"}
          {search ? ` match ${quoted(search)}` : ""}
        </p>
        <p className="text-sm text-muted-foreground">
          {search ? "Try other words from the prompt." : "Tags are added in a task's Advanced Parameters."}
        </p>
        <ClearSearchButton search={search} onClear={onClearSearch} />
      </div>
    );
  if (page === 1)
    return (
      <div className={emptyClass}>
        <p className="text-lg font-medium">No tasks yet</p>
        {canCreate ? (
          <Button asChild>
            <Link to="/dashboard">Create your first task</Link>
          </Button>
        ) : (
          <RoleNote operation="run" what="create tasks" />
        )}
      </div>
    );
  return (
    <div className={`${emptyClass} text-sm text-muted-foreground`}>
      <p>There are no tasks on this page.</p>
      <Button variant="outline" onClick={onFirstPage}>
        Go to the first page
      </Button>
    </div>
  );
}
