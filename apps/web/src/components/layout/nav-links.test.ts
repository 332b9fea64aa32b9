import { describe, expect, it } from "vitest";
import { isTabActive, SIGNED_IN_TABS } from "./nav-links";

const current = (pathname: string) => SIGNED_IN_TABS.filter((tab) => isTabActive(tab, pathname)).map((tab) => tab.label);

describe("the signed-in tab bar", () => {
  it("has the spec's five tabs, in order", () => {
    expect(SIGNED_IN_TABS.map((tab) => tab.label)).toEqual(["Dashboard", "Tasks", "Auth Contexts", "Credits", "API keys"]);
  });

  it("marks Tasks current under /tasks and on the evaluation pages, which are suites of tasks", () => {
    for (const path of ["/tasks", "/tasks/", "/tasks/a/task-runs/b", "/evaluations", "/evaluations/new", "/evaluations/abc"]) {
      expect(current(path), path).toEqual(["Tasks"]);
    }
    expect(current("/auth-contexts/new")).toEqual(["Auth Contexts"]);
    expect(current("/evaluationsx")).toEqual([]);
    expect(current("/workspace")).toEqual([]);
  });
});
