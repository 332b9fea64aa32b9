import { useParams } from "react-router";
import { PlaceholderPage } from "../../components/layout/placeholder-page";

/** /tasks/:idTask and /tasks/:idTask/task-runs/:idTaskRun. */
export function TaskDetailPage() {
  const { idTaskRun } = useParams();
  return (
    <PlaceholderPage
      title={idTaskRun ? "Task Run Details" : "Task Details"}
      heading="Task Details"
      description="The task, its runs, their results and every step with its screenshot."
    />
  );
}
