import { describe, expect, it } from "vitest";
import { onlyRolesCan, rolesAllowed } from "./role-refusal";

describe("why a role is not offered a control", () => {
  it("names the roles the permission table allows, in its order", () => {
    expect(rolesAllowed("run")).toBe("owners, admins and members");
    expect(rolesAllowed("billing")).toBe("owners and admins");
    expect(rolesAllowed("delete")).toBe("owners");
  });

  it("says it in one sentence, as the settings pages do", () => {
    expect(onlyRolesCan("billing", "buy credits")).toBe("Only the workspace's owners and admins can buy credits.");
    expect(onlyRolesCan("run", "run and change tasks")).toBe("Only the workspace's owners, admins and members can run and change tasks.");
  });
});
