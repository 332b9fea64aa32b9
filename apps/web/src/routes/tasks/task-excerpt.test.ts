import { describe, expect, it } from "vitest";
import { taskExcerpt } from "./task-excerpt";

describe("taskExcerpt", () => {
  it("keeps a short prompt on one line", () => {
    expect(taskExcerpt("  Find the\n cheapest   laptop ")).toBe("Find the cheapest laptop");
  });

  it("cuts a long prompt at the limit with an ellipsis", () => {
    const cut = taskExcerpt("word ".repeat(40), 20);
    expect(cut).toHaveLength(20);
    expect(cut.endsWith("…")).toBe(true);
  });
});
