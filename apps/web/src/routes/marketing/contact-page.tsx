import { PlaceholderPage } from "../../components/layout/placeholder-page";

export function ContactPage() {
  return (
    <PlaceholderPage
      title="Contact"
      heading="Contact us"
      description="Send us a message and we will get back to you soon."
    />
  );
}
