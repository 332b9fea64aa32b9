import { Link } from "react-router";
import { ArrowRight } from "lucide-react";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";

/** The public pages' main call to action: Start Free Trial, to sign-up. */
export function StartFreeTrialLink({ className }: { className?: string }) {
  return (
    <Button asChild size="lg" className={className}>
      <Link to="/signup">
        Start Free Trial
        <ArrowRight aria-hidden="true" />
      </Link>
    </Button>
  );
}

/** The soft glow behind a hero's headline (decorative). */
export function HeroGlow({ className }: { className: string }) {
  return (
    <div
      aria-hidden="true"
      className={cn("pointer-events-none absolute inset-x-0 -z-10 mx-auto max-w-3xl rounded-full blur-3xl", className)}
    />
  );
}
