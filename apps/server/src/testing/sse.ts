/** Reads Server-Sent Events from a streaming response until `until` says stop. */
export async function readSse(
  res: Response,
  until: (events: { event: string; id?: string; data: string }[]) => boolean,
  timeoutMs = 10_000,
) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: { event: string; id?: string; data: string }[] = [];
  let buffer = "";
  const deadline = Date.now() + timeoutMs;
  try {
    while (!until(events)) {
      if (Date.now() > deadline) throw new Error(`SSE: timed out with ${events.length} events`);
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const fields = Object.fromEntries(
          block
            .split("\n")
            .filter((line) => line && !line.startsWith(":"))
            .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trimStart()]),
        );
        if (fields.data !== undefined) events.push({ event: fields.event ?? "message", id: fields.id, data: fields.data });
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return events;
}
