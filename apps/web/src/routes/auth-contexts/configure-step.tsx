import { useEffect, useRef, type FormEvent } from "react";
import { Link } from "react-router";
import { ArrowRight } from "lucide-react";
import { AUTH_CONTEXT_NAME_MAX } from "@errand/contract";
import { Button } from "../../components/ui/button";
import { Input } from "../../components/ui/input";
import { Spinner } from "../../components/ui/spinner";
import { ProxyChoiceFields } from "../../components/proxy/proxy-choice-fields";
import { errorProps, FormField } from "../auth/form-field";
import {
  hasErrors,
  validateAuthContext,
  type AuthContextErrors,
  type AuthContextField,
  type AuthContextValues,
} from "./auth-context-form";

interface ConfigureStepProps {
  values: AuthContextValues;
  errors: AuthContextErrors;
  starting: boolean;
  /** Focus the step's heading when it appears (after Back), not on the page's first render. */
  focusOnMount: boolean;
  onEdit: (field: AuthContextField, value: string) => void;
  onInvalid: (errors: AuthContextErrors) => void;
  onNext: () => void;
}

const FIELD_IDS: Record<AuthContextField, string> = {
  name: "auth-context-name",
  url: "auth-context-url",
  proxyPool: "auth-context-proxy-pool",
  proxyCountry: "auth-context-proxy-country",
};

/** Step 1: a name and the website URL; Next opens the live browser on that URL. */
export function ConfigureStep({ values, errors, starting, focusOnMount, onEdit, onInvalid, onNext }: ConfigureStepProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus();
  }, [focusOnMount]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (starting) return;
    const found = validateAuthContext(values);
    if (hasErrors(found)) {
      onInvalid(found);
      const first = (Object.keys(FIELD_IDS) as AuthContextField[]).find((field) => found[field]);
      if (first) document.getElementById(FIELD_IDS[first])?.focus();
      return;
    }
    onNext();
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={starting} className="grid gap-6">
      <div className="grid gap-1.5">
        <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold tracking-tight outline-none">
          Configure
        </h2>
        <p className="text-sm text-muted-foreground">
          Name this login, and give the address of the page where you sign in to the website.
        </p>
      </div>
      <div className="grid max-w-xl gap-5">
        <FormField id={FIELD_IDS.name} label="Name" error={errors.name}>
          <Input
            id={FIELD_IDS.name}
            name="name"
            value={values.name}
            onChange={(event) => onEdit("name", event.target.value)}
            readOnly={starting}
            maxLength={AUTH_CONTEXT_NAME_MAX}
            autoComplete="off"
            placeholder="e.g. My LinkedIn account"
            {...errorProps(FIELD_IDS.name, errors.name)}
          />
        </FormField>
        <FormField id={FIELD_IDS.url} label="Website URL" error={errors.url}>
          <Input
            id={FIELD_IDS.url}
            name="url"
            type="url"
            inputMode="url"
            value={values.url}
            onChange={(event) => onEdit("url", event.target.value)}
            readOnly={starting}
            autoComplete="url"
            spellCheck={false}
            placeholder="https://www.example.com/login"
            {...errorProps(FIELD_IDS.url, errors.url)}
          />
        </FormField>
        <ProxyChoiceFields
          id="auth-context-proxy"
          pool={values.proxyPool ?? ""}
          country={values.proxyCountry ?? ""}
          onPool={(pool) => {
            onEdit("proxyPool", pool);
            if (!pool) onEdit("proxyCountry", "");
          }}
          onCountry={(country) => onEdit("proxyCountry", country)}
          error={errors.proxyPool ?? errors.proxyCountry}
          disabled={starting}
          note={
            values.proxyPool
              ? "The login keeps this proxy and its session: the runs that use it go out through the same address, whatever proxy they ask for."
              : undefined
          }
        />
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2 border-t pt-4">
        <Button asChild variant="ghost">
          <Link to="/auth-contexts">Cancel</Link>
        </Button>
        <Button type="submit" disabled={starting} aria-busy={starting}>
          {starting ? (
            <>
              <Spinner />
              Starting browser…
            </>
          ) : (
            <>
              Next
              <ArrowRight aria-hidden="true" />
            </>
          )}
        </Button>
      </div>
    </form>
  );
}
