import { Fragment } from "react";
import { addressParts } from "../../lib/format/address-breaks";

/**
 * An address that wraps after its separators (a <wbr> after each . : / @), not mid-word; a
 * piece longer than the whole line still breaks rather than widen the page.
 */
export function BreakableAddress({ address }: { address: string }) {
  return (
    <span className="[overflow-wrap:anywhere]">
      {addressParts(address).map((part, index) => (
        // The parts of one address never reorder: their place is their identity.
        <Fragment key={index}>
          {part}
          <wbr />
        </Fragment>
      ))}
    </span>
  );
}
