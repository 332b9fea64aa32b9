import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { credentialsQueryOptions } from "../../api/credentials";
import { Checkbox } from "../ui/checkbox";
import { Label } from "../ui/label";

interface TaskCredentialsFieldProps {
  id: string;
  /** The names chosen. */
  value: string[];
  onChange: (names: string[]) => void;
  error?: string;
}

/**
 * "Credentials this task may use": the vault's credentials as checkboxes. A name the task keeps
 * for a credential since deleted is listed too, so it can be unticked.
 */
export function TaskCredentialsField({ id, value, onChange, error }: TaskCredentialsFieldProps) {
  const credentials = useQuery(credentialsQueryOptions);
  const known = credentials.data?.map((c) => ({ name: c.name, where: c.domains.join(", ") })) ?? [];
  const gone = value.filter((name) => credentials.isSuccess && !known.some((c) => c.name === name)).map((name) => ({ name, where: "deleted" }));
  const options = [...known, ...gone];
  const hintId = `${id}-${error ? "error" : "hint"}`;
  const toggle = (name: string, checked: boolean) => onChange(checked ? [...value.filter((n) => n !== name), name] : value.filter((n) => n !== name));

  return (
    <fieldset className="grid content-start gap-2 @lg:col-span-2" aria-describedby={hintId} aria-invalid={error ? true : undefined}>
      <legend className="mb-2 text-sm font-medium">Credentials this task may use</legend>
      {credentials.isPending ? (
        <p className="text-sm text-muted-foreground" role="status">
          Loading credentials…
        </p>
      ) : credentials.isError ? (
        <p className="text-sm text-destructive">Your credentials could not be loaded.</p>
      ) : options.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No credentials yet. <Link to="/auth-contexts">Add one on the Auth Contexts page</Link>.
        </p>
      ) : (
        <div className="grid gap-2 @lg:grid-cols-2">
          {options.map((option) => (
            <div key={option.name} className="flex min-w-0 items-center gap-2">
              <Checkbox id={`${id}-${option.name}`} checked={value.includes(option.name)} onCheckedChange={(checked) => toggle(option.name, checked === true)} />
              <Label htmlFor={`${id}-${option.name}`} className="min-w-0 font-normal break-all">
                <span className="font-mono">{option.name}</span> <span className="text-muted-foreground">({option.where})</span>
              </Label>
            </div>
          ))}
        </div>
      )}
      {error ? (
        <p id={hintId} className="text-sm text-destructive">
          {error}
        </p>
      ) : (
        <p id={hintId} className="text-xs text-muted-foreground">
          The agent types them by placeholder, only on their domains, and never sees the values.
        </p>
      )}
    </fieldset>
  );
}
