import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { ArrowRight } from "lucide-react";
import { AUTH_CONTEXT_NAME_MAX } from "@errand/contract";
import { ProxyChoiceFields } from "../../components/proxy/proxy-choice-fields";
import { BusyButton } from "../../components/ui/busy-button";
import { Button } from "../../components/ui/button";
import { Form } from "../../components/ui/form";
import { FormField } from "../../components/ui/form-field";
import { Input } from "../../components/ui/input";
import { hasErrors, validateAuthContext, type AuthContextErrors, type AuthContextField, type AuthContextValues } from "./auth-context-form";

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

/** Step 1: a name and the website URL; Next opens the live browser on that URL. */
export function ConfigureStep({ values, errors, starting, focusOnMount, onEdit, onInvalid, onNext }: ConfigureStepProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusOnMount) headingRef.current?.focus();
  }, [focusOnMount]);
  // Counts refused Nexts: the form focuses the first field to fix after each.
  const [refusals, setRefusals] = useState(0);

  function submit() {
    if (starting) return;
    const found = validateAuthContext(values);
    if (!hasErrors(found)) return onNext();
    onInvalid(found);
    setRefusals((n) => n + 1);
  }

  return (
    <Form submit={{ refusals }} onSubmit={submit} aria-busy={starting} className="grid gap-6">
      <div className="grid gap-1.5">
        <h2 ref={headingRef} tabIndex={-1} className="text-xl font-semibold tracking-tight outline-none">
          Configure
        </h2>
        <p className="text-sm text-muted-foreground">Name this login, and give the address of the page where you sign in to the website.</p>
      </div>
      <div className="grid max-w-xl gap-5">
        <FormField id="auth-context-name" label="Name" error={errors.name}>
          <Input
            name="name"
            value={values.name}
            onChange={(event) => onEdit("name", event.target.value)}
            readOnly={starting}
            maxLength={AUTH_CONTEXT_NAME_MAX}
            autoComplete="off"
            placeholder="e.g. My LinkedIn account"
          />
        </FormField>
        <FormField id="auth-context-url" label="Website URL" error={errors.url}>
          <Input
            name="url"
            type="url"
            inputMode="url"
            value={values.url}
            onChange={(event) => onEdit("url", event.target.value)}
            readOnly={starting}
            autoComplete="url"
            spellCheck={false}
            placeholder="https://www.example.com/login"
          />
        </FormField>
        <LoginProxyFields values={values} errors={errors} starting={starting} onEdit={onEdit} />
      </div>
      <div className="flex flex-wrap items-center justify-end gap-2 border-t pt-4">
        <Button asChild variant="ghost">
          <Link to="/auth-contexts">Cancel</Link>
        </Button>
        <BusyButton type="submit" busy={starting} busyLabel="Starting browser…">
          Next
          <ArrowRight aria-hidden="true" />
        </BusyButton>
      </div>
    </Form>
  );
}

/** The proxy the login browser goes out through; the login keeps it. */
function LoginProxyFields({ values, errors, starting, onEdit }: Pick<ConfigureStepProps, "values" | "errors" | "starting" | "onEdit">) {
  return (
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
  );
}
