import { describe, expect, it } from "vitest";
import { taskListSearch, taskListView } from "./task-list-params";

describe("Task History's view in the URL", () => {
  it("reads the page, the search and the tag, with defaults for what is missing or wrong", () => {
    expect(taskListView(new URLSearchParams("search=%20orders%20&tag=Sales&page=3"))).toEqual({ page: 3, search: "orders", tag: "sales" });
    expect(taskListView(new URLSearchParams("page=-2"))).toEqual({ page: 1, search: "", tag: "" });
  });

  it("writes only what differs from the first page of everything, so a tag's link is short", () => {
    expect(taskListSearch({ page: 1, search: "", tag: "team:sales" })).toBe("?tag=team%3Asales");
    expect(taskListSearch({ page: 2, search: "orders", tag: "" })).toBe("?search=orders&page=2");
    expect(taskListSearch({ page: 1, search: "", tag: "" })).toBe("");
  });

  it("gives back the view it was read from", () => {
    const view = { page: 4, search: "count the orders", tag: "q4" };
    expect(taskListView(new URLSearchParams(taskListSearch(view)))).toEqual(view);
  });
});
