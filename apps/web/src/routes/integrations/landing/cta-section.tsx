import { Link } from "react-router";
import { ArrowRight } from "lucide-react";
import { FREE_PROMPTS_AT_SIGNUP } from "@errand/contract";
import { Button } from "../../../components/ui/button";

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
        Sign up and get {FREE_PROMPTS_AT_SIGNUP} free prompts. After that, pay $0.0023 per second of execution, with no
        subscription.
      </p>
      <Button asChild size="lg" className="mt-8 w-full bg-background text-primary hover:bg-accent sm:w-auto">
        <Link to="/signup">
          Start Free Trial
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </section>
  );
}
