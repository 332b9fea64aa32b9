import { useEffect, useState } from "react";
import { PRODUCT_NAME } from "@errand/contract";
import { CreditsPanel } from "../../components/credits/credits-panel";
import { AppPage } from "../../components/layout/app-page";
import { TaskForm, type TaskFormAction } from "../../components/task-form/task-form";
import { useExecutePrompt } from "../../components/task-form/run-actions";
import { clearTaskDraft, readTaskDraft } from "../../lib/tasks/task-draft";
import { draftToFormValues, EMPTY_TASK_FORM, type TaskFormValues } from "../../lib/tasks/task-form";
import { RecentRunsCard } from "./recent-runs-card";

/** /dashboard: the task form in create mode, the credits panel and the latest runs (spec section 2). */
export function DashboardPage() {
  // A stored draft (home prompt, "Try This Automation") pre-fills the form once, then is cleared.
  const [draft] = useState(readTaskDraft);
  useEffect(() => {
    if (draft) clearTaskDraft();
  }, [draft]);
  const execute = useExecutePrompt();

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
          <TaskForm
            mode="create"
            initialValues={draft ? draftToFormValues(draft) : EMPTY_TASK_FORM}
            requiresAuthContext={Boolean(draft?.authContextId || draft?.needAuth)}
            onSubmit={handleSubmit}
          />
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
