import { PlaceholderPage } from "../../components/layout/placeholder-page";

export function FeaturesPage() {
  return (
    <PlaceholderPage
      title="Features"
      heading="Features"
      description="Human-like web navigation, advanced data extraction, app integrations, bot-detection bypass and secure authentication."
    />
  );
}
