import { FREE_PROMPTS_AT_SIGNUP } from "@errand/contract";
import { StartFreeTrialLink } from "../../../components/layout/marketing-parts";

/** The closing call to action: Start Free Trial, to sign-up. */
export function CtaSection() {
  return (
    <section
      aria-labelledby="integration-cta"
      className="rounded-3xl bg-primary px-6 py-12 text-center text-primary-foreground sm:px-12 sm:py-16"
    >
      <h2 id="integration-cta" className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
        Ready to hand off your web tasks?
      </h2>
      <p className="mx-auto mt-4 max-w-xl text-pretty text-primary-foreground/90">
        Sign up and get {FREE_PROMPTS_AT_SIGNUP} free prompts. After that, pay $0.0023 per second of execution, with no subscription.
      </p>
      <StartFreeTrialLink className="mt-8 w-full bg-background text-primary hover:bg-accent sm:w-auto" />
    </section>
  );
}
