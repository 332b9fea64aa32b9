import { PlaceholderPage } from "../../components/layout/placeholder-page";

export function CreditsPage() {
  return (
    <PlaceholderPage
      title="Credits"
      heading="Credits & Transactions"
      description="Your balance and the history of your credit purchases."
    />
  );
}
