import { Link } from "react-router";
import { useQuery, type UseQueryResult } from "@tanstack/react-query";
import type { ProxyPool } from "@errand/contract";
import { proxyPoolsQueryOptions } from "../../api/proxies";
import { FormFieldset } from "../ui/form-field";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import { NativeSelect } from "../ui/select";

interface ProxyChoiceFieldsProps {
  id: string;
  /** The pool's name; "" is the server's default. */
  pool: string;
  country: string;
  onPool: (pool: string) => void;
  onCountry: (country: string) => void;
  error?: string;
  disabled?: boolean;
  /** Said under the fields instead of the usual hint (e.g. "the saved login's proxy is used"); an error takes its place. */
  note?: string;
}

/**
 * "Proxy" and "Country": a proxy pool of the person's (or the server's default) and, optionally,
 * the country to exit in. The countries offered are the pool's fixed ones; a gateway pool (its
 * usernames take {country}) accepts any two-letter code.
 */
export function ProxyChoiceFields({ id, pool, country, onPool, onCountry, error, disabled, note }: ProxyChoiceFieldsProps) {
  const pools = useQuery(proxyPoolsQueryOptions);
  const chosen = pools.data?.find((p) => p.name === pool);
  // A pool the task names that was since deleted or renamed stays listed, so it can be changed.
  const gone = pool && pools.isSuccess && !chosen ? pool : null;
  const listId = `${id}-countries`;

  return (
    <FormFieldset
      id={id}
      legend="Proxy"
      legendClassName="sr-only"
      error={error}
      disabled={disabled}
      hint={error ? undefined : (note ?? <PoolHint pools={pools} chosen={chosen} />)}
    >
      <div className="grid gap-2 sm:grid-cols-[2fr_1fr]">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-pool`}>Proxy</Label>
          <NativeSelect
            id={`${id}-pool`}
            value={pool}
            onChange={(event) => onPool(event.target.value)}
            aria-invalid={error ? true : undefined}
          >
            <option value="">Default</option>
            {pools.data?.map((p) => (
              <option key={p.id} value={p.name}>
                {p.name} ({p.entries.length} {p.entries.length === 1 ? "proxy" : "proxies"})
              </option>
            ))}
            {gone ? <option value={gone}>{gone} (deleted)</option> : null}
          </NativeSelect>
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-country`}>Country</Label>
          <Input
            id={`${id}-country`}
            value={country}
            onChange={(event) => onCountry(event.target.value)}
            disabled={!pool}
            maxLength={2}
            autoComplete="off"
            spellCheck={false}
            placeholder="Any"
            list={listId}
            className="uppercase placeholder:normal-case"
            aria-invalid={error ? true : undefined}
          />
          <datalist id={listId}>
            {chosen?.countries.map((c) => (
              <option key={c} value={c.toUpperCase()} />
            ))}
          </datalist>
        </div>
      </div>
    </FormFieldset>
  );
}

/** What the choice means for the pools the person has. */
function PoolHint({ pools, chosen }: { pools: UseQueryResult<ProxyPool[]>; chosen: ProxyPool | undefined }) {
  if (pools.isError) return "Your proxy pools could not be loaded.";
  if (pools.data?.length === 0)
    return (
      <>
        Default: the server&apos;s own proxy, if it has one. <Link to="/auth-contexts#proxies">Add a proxy pool</Link> to choose.
      </>
    );
  if (chosen?.countries.length) {
    const gateway = chosen.entries.some((e) => e.uses_placeholders.includes("country"));
    return `Optional country, two letters: ${chosen.countries.map((c) => c.toUpperCase()).join(", ")}${gateway ? " or any other its gateway serves" : ""}.`;
  }
  return "A proxy of the pool is picked for each run; the country is optional (two letters, like DE).";
}
