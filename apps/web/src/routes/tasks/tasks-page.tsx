import { useCallback, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, FlaskConical, Search } from "lucide-react";
import { TASK_HISTORY_PAGE_SIZE, TASK_SEARCH_MAX_LENGTH, type TaskList } from "@errand/contract";
import { taskListQueryOptions } from "../../api/tasks";
import { AppPage } from "../../components/layout/app-page";
import { Button } from "../../components/ui/button";
import { NewItemLink } from "../../components/layout/page-header";
import { notify } from "../../components/ui/notify";
import { Card } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { QueryStates } from "../../components/ui/query-states";
import { Skeleton, SkeletonRows } from "../../components/ui/skeleton";
import { draftFromRun, saveTaskDraft } from "../../lib/tasks/task-draft";
import { useCan } from "../../workspaces/use-workspace-allows";
import { DeleteTaskDialog } from "./delete-task-dialog";
import { NoTasks } from "./no-tasks";
import { TaskHistoryTable } from "./task-history-table";
import { taskListSearch, taskListView, type TaskListView } from "./task-list-params";
import { TagFilterBar } from "./task-tag-links";
import { useSearchParamText } from "./use-search-param";

type ListedTask = TaskList["tasks"][number];

/**
 * /tasks: every task, newest first, 10 a page, with up to 5 latest runs each (spec section 2);
 * a search by prompt and a tag filter kept in the URL (?search=, ?tag=), and Duplicate and Delete
 * on each task for the roles that may change tasks. Its header leads to the evaluations, which are
 * suites of tasks (the spec's tab bar has no tab of their own).
 */
export function TasksPage() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const view = taskListView(params);
  const { page, search, tag } = view;
  const tasks = useQuery({ ...taskListQueryOptions(page, search, tag), placeholderData: keepPreviousData });
  const [deleting, setDeleting] = useState<ListedTask | null>(null);
  const canChange = useCan("run");

  const show = (next: Partial<TaskListView>, replace = false) => setParams(taskListSearch({ ...view, ...next }), { replace });
  const goTo = (next: number) => {
    show({ page: next });
    window.scrollTo({ top: 0 });
  };
  // A new search starts on its first page; typing replaces the history entry rather than adding one per pause.
  const commitSearch = useCallback(
    (value: string) => setParams((current) => taskListSearch({ ...taskListView(current), search: value, page: 1 }), { replace: true }),
    [setParams],
  );
  const clearTag = () => show({ tag: "", page: 1 });

  function duplicate(task: ListedTask) {
    // Like "Try This Automation": the task's settings become the draft the dashboard's form opens with.
    saveTaskDraft(draftFromRun(task));
    notify.success("Task duplicated", "Its settings are in the form: change what you like, then Execute.");
    void navigate("/dashboard");
  }

  const body = (
    <QueryStates
      query={tasks}
      loading={<TableSkeleton />}
      failed="Your tasks could not be loaded."
      failedClassName="justify-center p-10"
      empty={<NoTasks view={view} canCreate={canChange} onClearSearch={() => commitSearch("")} onFirstPage={() => goTo(1)} />}
      isEmpty={(data) => data.tasks.length === 0}
    >
      {(data) => (
        <TaskHistoryTable
          tasks={data.tasks}
          dimmed={tasks.isPlaceholderData}
          actions={canChange ? { onDuplicate: duplicate, onDelete: setDeleting } : null}
        />
      )}
    </QueryStates>
  );

  return (
    <AppPage
      title="Task History"
      description="Every task you have created, with its latest runs. Evaluations run a suite of tasks with several models to compare them."
      action={
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/evaluations">
              <FlaskConical aria-hidden="true" />
              Evaluations
            </Link>
          </Button>
          {canChange ? <NewItemLink to="/dashboard">New task</NewItemLink> : null}
        </div>
      }
    >
      <TaskSearch search={search} onCommit={commitSearch} />
      {tag ? <TagFilterBar tag={tag} onClear={clearTag} /> : null}
      <Card className="mt-4 overflow-hidden">{body}</Card>
      {tasks.data && tasks.data.total > 0 ? (
        <Pages list={tasks.data} page={page} filtered={search !== "" || tag !== ""} onGo={goTo} />
      ) : null}
      <DeleteTaskDialog task={deleting} onClose={() => setDeleting(null)} />
    </AppPage>
  );
}

/** The search box: it commits a pause after typing, or on Enter. */
function TaskSearch({ search, onCommit }: { search: string; onCommit: (value: string) => void }) {
  const box = useSearchParamText(search, onCommit);
  return (
    <form
      role="search"
      className="mt-6"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        box.flush();
      }}
    >
      <label htmlFor="task-search" className="sr-only">
        Search tasks by prompt
      </label>
      <div className="relative max-w-md">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
        <Input
          id="task-search"
          type="search"
          value={box.text}
          onChange={(event) => box.setText(event.target.value)}
          placeholder="Search by prompt"
          maxLength={TASK_SEARCH_MAX_LENGTH}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          className="pl-9"
        />
      </div>
    </form>
  );
}

function Pages({ list, page, filtered, onGo }: { list: TaskList; page: number; filtered: boolean; onGo: (page: number) => void }) {
  const pageCount = Math.max(1, Math.ceil(list.total / (list.page_size || TASK_HISTORY_PAGE_SIZE)));
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted-foreground" aria-live="polite">
        Page {page} of {pageCount} · {list.total} {list.total === 1 ? "task" : "tasks"}
        {filtered ? " found" : ""}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={() => onGo(page - 1)} disabled={page <= 1}>
          <ChevronLeft aria-hidden="true" />
          Previous
        </Button>
        <Button variant="outline" size="sm" onClick={() => onGo(page + 1)} disabled={page >= pageCount}>
          Next
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}

function TableSkeleton() {
  return (
    <SkeletonRows label="Loading tasks" rows={5} rowClassName="flex items-center gap-4 px-4 py-4">
      <Skeleton className="h-4 flex-1" />
      <div className="hidden gap-1.5 md:flex">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-10 w-16 rounded-md" />
        ))}
      </div>
      <Skeleton className="hidden h-4 w-32 lg:block" />
    </SkeletonRows>
  );
}
