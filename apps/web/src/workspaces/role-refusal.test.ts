import { describe, expect, it } from "vitest";
import { onlyRolesCan, rolesAllowed } from "./role-refusal";

describe("why a role is not offered a control", () => {
  it("names the roles the permission table allows, in its order", () => {
    expect((["run", "billing", "delete"] as const).map(rolesAllowed)).toEqual([
      "owners, admins and members",
      "owners and admins",
      "owners",
    ]);
  });

  it("says it in one sentence, as the settings pages do", () => {
    expect(onlyRolesCan("billing", "buy credits")).toBe("Only the workspace's owners and admins can buy credits.");
    expect(onlyRolesCan("run", "run and change tasks")).toBe("Only the workspace's owners, admins and members can run and change tasks.");
  });
});
