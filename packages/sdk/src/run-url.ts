/** The web page of a run (its task's run page), for people to open. */
export function runUrl(baseUrl: string, run: { id: string; task_id: string }): string {
  return `${baseUrl.replace(/\/+$/, "")}/tasks/${encodeURIComponent(run.task_id)}/task-runs/${encodeURIComponent(run.id)}`;
}
