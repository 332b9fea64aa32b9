import { PlaceholderPage } from "../../components/layout/placeholder-page";

export function TasksPage() {
  return (
    <PlaceholderPage
      title="Task History"
      heading="Task History"
      description="Every task you have created, with its latest runs."
    />
  );
}
