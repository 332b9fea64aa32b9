/**
 * A fetch answered by the app in this process for our own origin, and by the network otherwise
 * (screenshots in S3-compatible storage). Like a real fetch, aborting the request's signal also
 * ends the answer's body: app.fetch() alone would leave a reader of an event stream waiting.
 */
export function inAppFetch(origin: string, dispatch: (request: Request) => Promise<Response>): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).origin !== origin) return fetch(request);
    request.signal.throwIfAborted();
    const response = await dispatch(request);
    if (!response.body) return response;
    return new Response(endOnAbort(response.body, request.signal), response);
  };
}

function endOnAbort(body: ReadableStream<Uint8Array>, signal: AbortSignal): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const abort = () => {
        controller.error(signal.reason);
        // Cancelling the source tells the route its client went away (an SSE route stops).
        reader.cancel(signal.reason).catch(() => undefined);
      };
      if (signal.aborted) abort();
      else signal.addEventListener("abort", abort, { once: true });
    },
    async pull(controller) {
      try {
        const { value, done } = await reader.read();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        controller.error(error);
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
