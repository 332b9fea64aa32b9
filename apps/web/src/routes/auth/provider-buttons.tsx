import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { signInWithProvider, type OAuthProvider } from "../../api/auth";
import { siteConfigQueryOptions } from "../../api/site-config";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { notify } from "../../components/ui/notify";
import { useOnceWhilePresent } from "../../lib/hooks/use-once-while-present";
import { failedProvider, PROVIDER_LABELS, providerSignInError, withoutProviderError } from "./provider-error";
import { GithubMark, GoogleMark } from "./provider-marks";

const PROVIDERS: readonly OAuthProvider[] = ["google", "github"];
const MARKS = { google: GoogleMark, github: GithubMark } as const;

/**
 * "Continue with Google / GitHub" on /login and /signup, for the providers this server has
 * configured (GET /site-config). Also reports a failed provider sign-in (`?error=google`).
 */
export function ProviderButtons() {
  const { data: config } = useQuery(siteConfigQueryOptions);
  const [params, setParams] = useSearchParams();
  const [pending, setPending] = useState<OAuthProvider | null>(null);
  const failed = failedProvider(params);
  useOnceWhilePresent(failed, (provider) => {
    notify.error("Error", providerSignInError(provider));
    setParams((current) => withoutProviderError(current), { replace: true });
  });

  // Coming back with the browser's Back button restores this page as it was left: usable again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPending(null);
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);

  async function start(provider: OAuthProvider) {
    setPending(provider);
    try {
      const { url } = await signInWithProvider(provider);
      window.location.assign(url);
    } catch {
      notify.error("Error", providerSignInError(provider));
      setPending(null);
    }
  }

  if (!config) return null;
  const available = PROVIDERS.filter((provider) => config.providers[provider]);
  if (available.length === 0) {
    return (
      <p className="mt-6 border-t pt-4 text-center text-sm text-muted-foreground">
        Google and GitHub sign-in are not configured on this server.
      </p>
    );
  }

  return (
    <div className="mt-6 grid gap-4">
      <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      <div className="grid gap-3">
        {available.map((provider) => {
          const Mark = MARKS[provider];
          return (
            <Button
              key={provider}
              variant="outline"
              className="w-full"
              disabled={pending !== null}
              aria-busy={pending === provider}
              onClick={() => void start(provider)}
            >
              {pending === provider ? <Spinner /> : <Mark className="size-4" />}
              Continue with {PROVIDER_LABELS[provider]}
            </Button>
          );
        })}
      </div>
    </div>
  );
}
