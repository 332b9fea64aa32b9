import { useEffect, useState } from "react";
import { PRODUCT_NAME } from "@errand/contract";
import { CreditsPanel } from "../../components/credits/credits-panel";
import { AppPage } from "../../components/layout/app-page";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card";
import { TaskForm, type TaskFormAction } from "../../components/task-form/task-form";
import { useExecutePrompt } from "../../components/task-form/run-actions";
import { clearTaskDraft, readTaskDraft } from "../../lib/tasks/task-draft";
import { draftToFormValues, EMPTY_TASK_FORM, type TaskFormValues } from "../../lib/tasks/task-form";
import { RoleNote } from "../../workspaces/role-note";
import { useCan } from "../../workspaces/use-workspace-allows";
import { RecentRunsCard } from "./recent-runs-card";

/** /dashboard: the task form in create mode, the credits panel and the latest runs (spec section 2). */
export function DashboardPage() {
  // A stored draft (home prompt, "Try This Automation") pre-fills the form once, then is cleared.
  const [draft] = useState(readTaskDraft);
  useEffect(() => {
    if (draft) clearTaskDraft();
  }, [draft]);
  const execute = useExecutePrompt();
  const canRun = useCan("run");

  async function handleSubmit(_action: TaskFormAction, values: TaskFormValues) {
    return execute(values);
  }

  return (
    <AppPage>
      <title>{`${PRODUCT_NAME} Dashboard`}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-3xl font-bold tracking-tight">Dashboard</h1>
      <p className="mt-2 text-muted-foreground">Describe a web task and an AI agent will do it in a real browser.</p>
      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          {canRun ? (
            <TaskForm
              mode="create"
              initialValues={draft ? draftToFormValues(draft) : EMPTY_TASK_FORM}
              requiresAuthContext={Boolean(draft?.authContextId || draft?.needAuth)}
              onSubmit={handleSubmit}
            />
          ) : (
            <NoNewTasks />
          )}
        </div>
        <div className="min-w-0">
          <CreditsPanel />
        </div>
        <div className="min-w-0 lg:col-span-3">
          <RecentRunsCard />
        </div>
      </div>
    </AppPage>
  );
}

/** Where the task form stands, for a role that may only read: who can run tasks, and what is left to do here. */
function NoNewTasks() {
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle>Create New Task</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        <RoleNote operation="run" what="create and run tasks" />
        <p className="text-sm text-muted-foreground">
          You can read the workspace&rsquo;s runs and their results below and in Task History.
        </p>
      </CardContent>
    </Card>
  );
}
