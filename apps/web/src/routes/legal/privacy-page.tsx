import { PlaceholderPage } from "../../components/layout/placeholder-page";

export function PrivacyPage() {
  return (
    <PlaceholderPage title="Privacy Policy" heading="Privacy Policy" description="How Errand collects, uses and protects your data." />
  );
}
