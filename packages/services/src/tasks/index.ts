// @errand/services/tasks: tasks; read, rename, list, delete.
export { getTask } from "./get-task.ts";
export { updateTask } from "./update-task.ts";
export { listTasks } from "./list-tasks.ts";
export { deleteTask } from "./delete-task.ts";
export { taskToApi } from "./to-api.ts";
