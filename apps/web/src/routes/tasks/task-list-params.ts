/** What Task History shows, as its URL says it: ?search=words&tag=word&page=N (each left out when empty or first). */
export interface TaskListView {
  page: number;
  search: string;
  tag: string;
}

export function taskListView(params: URLSearchParams): TaskListView {
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    page: Number.isFinite(page) && page > 0 ? page : 1,
    search: (params.get("search") ?? "").trim(),
    // Tags are stored lower-case (packages/contract/src/task-tags.ts): a shared ?tag=Sales finds them too.
    tag: (params.get("tag") ?? "").trim().toLowerCase(),
  };
}

/** The URL's query for a view: the same view always gives the same text, so a link can be shared and compared. */
export function taskListSearch({ page, search, tag }: TaskListView): string {
  const params = new URLSearchParams();
  if (search) params.set("search", search);
  if (tag) params.set("tag", tag);
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "";
}
