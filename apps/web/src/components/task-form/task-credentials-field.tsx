import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { credentialsQueryOptions } from "../../api/credentials";
import { Checkbox } from "../ui/checkbox";
import { FormFieldset } from "../ui/form-field";
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
  const gone = value
    .filter((name) => credentials.isSuccess && !known.some((c) => c.name === name))
    .map((name) => ({ name, where: "deleted" }));
  const options = [...known, ...gone];
  const toggle = (name: string, checked: boolean) =>
    onChange(checked ? [...value.filter((n) => n !== name), name] : value.filter((n) => n !== name));

  let choices;
  if (credentials.isPending)
    choices = (
      <p className="text-sm text-muted-foreground" role="status">
        Loading credentials…
      </p>
    );
  else if (credentials.isError) choices = <p className="text-sm text-destructive">Your credentials could not be loaded.</p>;
  else if (options.length === 0)
    choices = (
      <p className="text-sm text-muted-foreground">
        No credentials yet. <Link to="/auth-contexts">Add one on the Auth Contexts page</Link>.
      </p>
    );
  else
    choices = (
      <div className="grid gap-2 @lg:grid-cols-2">
        {options.map((option) => (
          <div key={option.name} className="flex min-w-0 items-center gap-2">
            <Checkbox
              id={`${id}-${option.name}`}
              checked={value.includes(option.name)}
              onCheckedChange={(checked) => toggle(option.name, checked === true)}
            />
            <Label htmlFor={`${id}-${option.name}`} className="min-w-0 font-normal break-all">
              <span className="font-mono">{option.name}</span> <span className="text-muted-foreground">({option.where})</span>
            </Label>
          </div>
        ))}
      </div>
    );

  return (
    <FormFieldset
      id={id}
      legend="Credentials this task may use"
      error={error}
      hint={error ? undefined : "The agent types them by placeholder, only on their domains, and never sees the values."}
      className="@lg:col-span-2"
    >
      {choices}
    </FormFieldset>
  );
}
