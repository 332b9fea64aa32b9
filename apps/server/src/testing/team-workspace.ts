import type { WorkspaceRole } from "@errand/contract";
import { giveCredits, testCaller } from "@errand/services/testing";
import { addMember, createWorkspace } from "@errand/services/workspaces";
import type { TestApp } from "./test-app.ts";

type Person = Awaited<ReturnType<TestApp["newCaller"]>>;

/**
 * A team workspace `owner` made, with credits and these members; `as(person)` are the headers of
 * that person's web session acting in it (the web app's workspace switcher).
 */
export async function teamWorkspace(t: TestApp, owner: Person, members: [Person, WorkspaceRole][] = [], name = "Finance") {
  const team = await createWorkspace({ ctx: t.ctx, caller: testCaller(owner.userId), input: { name } });
  await giveCredits(t.ctx.db, team.id);
  const ownerThere = testCaller(owner.userId, { workspaceId: team.id, via: "session" });
  for (const [person, role] of members) await addMember({ ctx: t.ctx, caller: ownerThere, input: { userId: person.userId, role } });
  const as = (person: Person) => ({
    cookie: person.cookie,
    "x-errand-workspace": team.id,
    "sec-fetch-site": "same-origin",
    "content-type": "application/json",
  });
  return { id: team.id, name, as };
}
