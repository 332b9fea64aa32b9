import type pg from "pg";

/**
 * Ends a pool and resolves once every one of its connections has closed. pg's own pool.end()
 * resolves as soon as it has asked its idle clients to end, while their sockets are still open:
 * a database dropped "with (force)" right after then terminates them, and each terminated idle
 * client makes the pool emit an 'error' nobody listens to (an uncaught exception).
 */
export async function endPool(pool: pg.Pool): Promise<void> {
  const open = pool.totalCount;
  let removed = 0;
  const allClosed = new Promise<void>((resolve) => {
    if (open === 0) return resolve();
    pool.on("remove", () => {
      removed += 1;
      if (removed >= open) resolve();
    });
  });
  await pool.end();
  await allClosed;
}
