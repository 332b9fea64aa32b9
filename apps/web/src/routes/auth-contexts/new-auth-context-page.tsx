import { PlaceholderPage } from "../../components/layout/placeholder-page";

export function NewAuthContextPage() {
  return (
    <PlaceholderPage
      title="New Auth Context"
      heading="New Auth Context"
      description="Name the context, then log in to the website inside the embedded browser."
    />
  );
}
