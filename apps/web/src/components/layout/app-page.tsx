import type { ComponentProps } from "react";
import type { WorkspaceOperation } from "@errand/contract";
import { RoleNote } from "../../workspaces/role-note";
import { useCan } from "../../workspaces/use-workspace-allows";
import { NewItemLink, PageHeader } from "./page-header";

/** The page's "New …" link, offered to a role that may do `operation`; the others read who can instead ("save, refresh and delete logins"). */
interface NewItem {
  to: string;
  label: string;
  operation: WorkspaceOperation;
  what: string;
}

type AppPageProps = ComponentProps<"div"> &
  Partial<Pick<ComponentProps<typeof PageHeader>, "title" | "description" | "action">> & { newItem?: NewItem };

/** A signed-in page's column (the width and padding every app page shares), opened by its PageHeader when it has a title. */
export function AppPage({ title, description, action, newItem, children, ...props }: AppPageProps) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 sm:py-10" {...props}>
      {title ? <PageHeader title={title} description={description} action={newItem ? <NewItemAction item={newItem} /> : action} /> : null}
      {newItem ? <NewItemRoleNote item={newItem} /> : null}
      {children}
    </div>
  );
}

function NewItemAction({ item }: { item: NewItem }) {
  return useCan(item.operation) ? <NewItemLink to={item.to}>{item.label}</NewItemLink> : null;
}

function NewItemRoleNote({ item }: { item: NewItem }) {
  return useCan(item.operation) ? null : <RoleNote operation={item.operation} what={item.what} className="mt-4" />;
}
