import { PlaceholderPage } from "../../components/layout/placeholder-page";

export function TermsPage() {
  return <PlaceholderPage title="Terms of Service" heading="Terms of Service" description="The terms that apply when you use Errand." />;
}
