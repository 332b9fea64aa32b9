/**
 * A vitest fixture function (docs/adr/0028-test-fixtures.md) that starts something with a
 * `close()` (a fake server, a browser) and closes it when the fixture's scope ends.
 */
export function closedAfter<T extends { close(): unknown }>(start: () => Promise<T>) {
  // eslint-disable-next-line no-empty-pattern -- vitest reads a fixture's dependencies from this pattern: none here.
  return async ({}: object, { onCleanup }: { onCleanup: (cleanup: () => Promise<void>) => void }): Promise<T> => {
    const started = await start();
    onCleanup(async () => {
      await started.close();
    });
    return started;
  };
}
