import type { ComponentProps } from "react";
import { Link } from "react-router";
import { ChevronDown, Plus } from "lucide-react";
import { SESSION_TIMEOUT } from "@errand/contract";
import { jsonSchemaWarning } from "../../lib/tasks/task-form";
import { ProxyChoiceFields } from "../proxy/proxy-choice-fields";
import { Button } from "../ui/button";
import { cn } from "../ui/cn";
import { FormField, FormFieldset } from "../ui/form-field";
import { Input } from "../ui/input";
import { NativeSelect } from "../ui/select";
import { Textarea } from "../ui/textarea";
import { RecordingField } from "./recording-field";
import { RunLimitsFields } from "./run-limits-fields";
import { ApprovalFields } from "./approval-fields";
import { ChecksFields } from "./checks-fields";
import { FormValueField } from "./form-value-field";
import { TaskCredentialsField } from "./task-credentials-field";
import { TaskTagsField } from "./task-tags-field";
import type { TaskFormState } from "./use-task-form";

interface AdvancedParametersProps {
  /** The form's own id, which its controls' ids start with. */
  id: string;
  form: TaskFormState;
  /** Shown, not changed: the fields are disabled (the fold still opens). */
  readOnly?: boolean;
}

/**
 * "Advanced Parameters": everything but the prompt, folded away until wanted (or until one has a
 * message). A plain disclosure (a button that says whether the region it controls is open): the
 * fields are not rendered while folded, and a page load reads no styles or sizes for it, which
 * Radix's Collapsible did on every mount (docs/adr/0052-a-cheaper-signed-in-page-load.md).
 */
export function AdvancedParameters({ id, form, readOnly = false }: AdvancedParametersProps) {
  const { values, set, errors } = form;
  const open = form.advancedOpen;
  const regionId = `${id}-advanced`;
  return (
    <div className="rounded-lg border" data-state={open ? "open" : "closed"}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => form.setAdvancedOpen(!open)}
        className="flex w-full items-center justify-between gap-2 rounded-lg px-4 py-3 text-left text-sm font-medium hover:bg-muted"
      >
        Advanced Parameters
        <ChevronDown aria-hidden="true" className={cn("size-4 text-muted-foreground transition-transform", open && "rotate-180")} />
      </button>
      <div id={regionId} hidden={!open} className="border-t">
        {open ? (
          <fieldset disabled={readOnly} className="grid min-w-0 gap-5 px-4 pt-4 pb-5 @lg:grid-cols-2">
            <ResponseFormatField id={id} form={form} />
            {values.responseFormat === "json" ? <JsonSchemaField id={id} form={form} /> : null}
            <AuthContextField id={id} form={form} />
            <ProxyChoiceFields
              id={`${id}-proxy`}
              pool={values.proxyPool}
              country={values.proxyCountry}
              onPool={(pool) =>
                form.setValues((current) => ({ ...current, proxyPool: pool, proxyCountry: pool ? current.proxyCountry : "" }))
              }
              onCountry={(country) => set("proxyCountry", country)}
              error={errors.proxy}
              note={
                form.authContextId
                  ? "With an auth context, the run goes out through the proxy that login was made with; this choice is not used."
                  : undefined
              }
            />
            <TaskCredentialsField
              id={`${id}-credentials`}
              value={values.credentialNames}
              onChange={(names) => set("credentialNames", names)}
              error={errors.credential_names}
            />
            <TaskTagsField id={`${id}-tags`} value={values.tags} onChange={(tags) => set("tags", tags)} error={errors.tags} />
            <SessionTimeoutField id={id} form={form} />
            <RunLimitsFields id={id} form={form} />
            <FormValueField
              id={id}
              form={form}
              spec={ALLOWED_DOMAINS_FIELD}
              placeholder="Any domain"
              autoCapitalize="none"
              spellCheck={false}
            />
            <ChecksFields id={id} form={form} />
            <ApprovalFields id={id} form={form} />
            <RecordingField id={id} form={form} />
            {URL_FIELDS.map((field) => (
              <FormValueField
                key={field.name}
                id={id}
                form={form}
                spec={field}
                type="url"
                inputMode="url"
                placeholder={field.placeholder}
              />
            ))}
          </fieldset>
        ) : null}
      </div>
    </div>
  );
}

/** The only hosts the run's browser may reach (docs/adr/0049-messages-and-allowed-domains.md). */
const ALLOWED_DOMAINS_FIELD = {
  name: "allowedDomains",
  slug: "allowed-domains",
  error: "allowed_domains",
  label: "Allowed domains",
  hint: "Optional. The only sites the run may open, separated by commas: example.com, *.example.com. Empty: your workspace's default.",
} as const;

type FieldProps = Pick<AdvancedParametersProps, "id" | "form">;

function SessionTimeoutField({ id, form }: FieldProps) {
  return (
    <FormField
      id={`${id}-session-timeout`}
      label="Session Timeout"
      error={form.errors.session_timeout}
      hint={`Seconds, ${SESSION_TIMEOUT.min} to ${SESSION_TIMEOUT.max}.`}
    >
      <Input
        type="number"
        inputMode="numeric"
        min={SESSION_TIMEOUT.min}
        max={SESSION_TIMEOUT.max}
        step={1}
        value={form.values.sessionTimeout}
        onChange={(event) => form.set("sessionTimeout", event.target.value)}
      />
    </FormField>
  );
}

/** Text or JSON, as two segments of one control. */
function ResponseFormatField({ id, form }: FieldProps) {
  return (
    <FormFieldset id={`${id}-response-format-group`} legend="Response Format" className="@lg:col-span-2">
      <div className="inline-flex w-fit rounded-md border bg-muted p-1">
        {(["text", "json"] as const).map((format) => (
          <label
            key={format}
            className={cn(
              "cursor-pointer rounded px-4 py-1.5 text-sm font-medium text-muted-foreground transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
              form.values.responseFormat === format && "bg-background text-foreground shadow-sm",
            )}
          >
            <input
              type="radio"
              name={`${id}-response-format`}
              value={format}
              checked={form.values.responseFormat === format}
              onChange={() => form.set("responseFormat", format)}
              className="sr-only"
            />
            {format === "text" ? "Text" : "JSON"}
          </label>
        ))}
      </div>
    </FormFieldset>
  );
}

function JsonSchemaField({ id, form }: FieldProps) {
  const warning = jsonSchemaWarning(form.values);
  return (
    <FormField
      id={`${id}-json-schema`}
      label="JSON Schema"
      error={form.errors.json_schema}
      hint={warning ?? "Optional. The result will match this schema."}
      hintTone={warning ? "warning" : "muted"}
      className="@lg:col-span-2"
    >
      <Textarea
        value={form.values.jsonSchema}
        onChange={(event) => form.set("jsonSchema", event.target.value)}
        rows={6}
        spellCheck={false}
        placeholder='e.g. {"type": "object", "properties": {"items": {"type": "array"}}}'
        className="font-mono text-xs sm:text-xs"
      />
    </FormField>
  );
}

/** The person's saved logins (None by default), with a link to make a new one. */
function AuthContextField({ id, form }: FieldProps) {
  const { contexts } = form;
  return (
    <FormField
      id={`${id}-auth-context`}
      label="Auth Context"
      error={form.errors.auth_context_id}
      hint={contexts.isError ? "Your auth contexts could not be loaded." : "A saved login the agent starts with."}
    >
      <AuthContextSelect value={form.authContextId} onChange={(event) => form.set("authContextId", event.target.value)}>
        <option value="">None</option>
        {contexts.data?.map((context) => (
          <option key={context.id} value={context.id}>
            {context.name}
          </option>
        ))}
      </AuthContextSelect>
    </FormField>
  );
}

function AuthContextSelect(props: ComponentProps<"select">) {
  return (
    <div className="flex gap-2">
      <NativeSelect {...props} />
      <Button asChild variant="outline" size="icon" className="shrink-0">
        <Link to="/auth-contexts/new" aria-label="Create a new auth context" title="Create a new auth context">
          <Plus aria-hidden="true" />
        </Link>
      </Button>
    </div>
  );
}

/** The optional addresses of a run: where the agent starts, and where the result is sent. */
const URL_FIELDS = [
  {
    name: "initialUrl",
    slug: "initial-url",
    error: "initial_url",
    label: "Initial URL",
    hint: "Optional. The page the agent opens first.",
    placeholder: "https://example.com",
  },
  {
    name: "webhookUrl",
    slug: "webhook-url",
    error: "webhook_url",
    label: "Webhook URL",
    hint: "Optional. Called with the result when the run ends.",
    placeholder: "https://example.com/webhook",
  },
] as const;
