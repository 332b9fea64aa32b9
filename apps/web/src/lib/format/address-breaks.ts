/**
 * An address (URL, host:port) cut into the pieces a line may break between: after each of
 * . : / @ ? & = and before none, so "http://de.proxy.example:8080" wraps as "http://de.proxy." /
 * "example:8080", never inside a word. Pure: unit-tested in node.
 */
export function addressParts(address: string): string[] {
  return address.match(/[^./:@?&=]*(?:[./:@?&=]+|$)/g)?.filter(Boolean) ?? [address];
}
