import { Link } from "react-router";
import { FREE_PROMPTS_AT_SIGNUP } from "@errand/contract";
import { StartFreeTrialLink } from "../../../components/layout/marketing-parts";
import { Button } from "../../../components/ui/button";

/** The last call to action: sign up, or talk to us. */
export function ClosingCta() {
  return (
    <section aria-labelledby="cta-title" className="py-16 sm:py-24">
      <div className="mx-auto max-w-4xl px-4 sm:px-6">
        <div className="rounded-3xl bg-primary px-6 py-12 text-center text-primary-foreground shadow-xl sm:px-12 sm:py-16">
          <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            Hand off your first web task today
          </h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-pretty opacity-90">
            New accounts get {FREE_PROMPTS_AT_SIGNUP} free prompts. Need a larger rollout or a hand with self-hosting? Talk to us.
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <StartFreeTrialLink className="w-full bg-white text-primary hover:bg-accent sm:w-auto" />
            <Button
              asChild
              size="lg"
              variant="outline"
              className="w-full border-white/40 bg-transparent text-primary-foreground hover:bg-white/10 sm:w-auto"
            >
              <Link to="/contact">Contact Sales</Link>
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
