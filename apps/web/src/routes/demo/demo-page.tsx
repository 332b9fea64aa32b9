import { PlaceholderPage } from "../../components/layout/placeholder-page";

/** /demo/:runId: public replay of a run. */
export function DemoPage() {
  return (
    <PlaceholderPage title="Demo" heading="Demo" description="A step-by-step replay of an automation run." />
  );
}
