import { useWorkspaces } from "./use-workspaces";

/** Under the tabs for a viewer: why starting or changing anything here is refused. */
export function ViewerNotice() {
  const { current } = useWorkspaces();
  if (current?.role !== "viewer") return null;
  return (
    <p role="status" className="border-t bg-muted px-4 py-2 text-center text-sm text-muted-foreground">
      You are a viewer in {current.name}: you can read runs and results, but not start or change anything.
    </p>
  );
}
