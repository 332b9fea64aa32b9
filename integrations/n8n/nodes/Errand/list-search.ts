// Dropdowns of the Errand node: saved logins (GET /auth-contexts) and marketplace automations (GET /automations).
import type { ILoadOptionsFunctions, INodeListSearchResult } from "n8n-workflow";
import { errandRequest } from "../../shared/errand-api";

const matches = (name: string, filter?: string) => !filter || name.toLowerCase().includes(filter.toLowerCase());

export async function searchSavedLogins(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
  const { auth_contexts } = await errandRequest<{ auth_contexts: { id: string; name: string }[] }>(this, "GET", "/auth-contexts");
  return { results: auth_contexts.filter((c) => matches(c.name, filter)).map((c) => ({ name: c.name, value: c.id })) };
}

export async function searchAutomations(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
  const { automations } = await errandRequest<{ automations: { slug: string; title: string; description: string }[] }>(
    this,
    "GET",
    "/automations",
    {
      qs: filter ? { search: filter } : {},
    },
  );
  return { results: automations.map((a) => ({ name: a.title, value: a.slug, description: a.description })) };
}

/** The workspace's saved tasks (GET /tasks, the newest 10, or those whose prompt has the words), named by their prompt. */
export async function searchTasks(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
  const { tasks } = await errandRequest<{ tasks: { id: string; prompt: string }[] }>(this, "GET", "/tasks", {
    qs: filter ? { search: filter } : {},
  });
  return { results: tasks.map((t) => ({ name: t.prompt.replace(/\s+/g, " ").slice(0, 100), value: t.id })) };
}
