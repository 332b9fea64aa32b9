import { PlaceholderPage } from "../../components/layout/placeholder-page";

export function AuthContextsPage() {
  return (
    <PlaceholderPage
      title="Auth Contexts"
      heading="Auth Contexts"
      description="Saved, encrypted login sessions the agent can use on sites that need you to sign in."
    />
  );
}
