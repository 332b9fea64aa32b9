import type { z } from "zod";
import { area, byId, created, type ErrorAnswers, idParam, type NoOtherErrors, jsonBody, noContent, ok } from "./describe.ts";
import type { ApiOperationId } from "./routes.ts";

/** What an operation says of itself: a summary, and a description where one is needed. */
interface Words {
  summary: string;
  description?: string;
}
/** The same with the description of its success answer. */
interface Answered extends Words {
  answer: string;
}
/** A list's words, and its query when it takes one. */
interface Listed extends Answered {
  request?: { query: z.ZodObject };
}

/**
 * The usual operations on a resource kept by id, declared from its schemas and words: its list,
 * create (201), get, update (only the fields sent) and delete (204). Each keeps its own
 * operationId, summary, description and answer; `refused` is what create and update may also
 * answer (a name taken, a limit reached, a file too large).
 */
export function resource<const S extends z.ZodType, const C extends ErrorAnswers = NoOtherErrors>(
  tags: string[],
  item: S,
  refused = {} as C,
) {
  const op = area(tags);
  return {
    /** Any other operation of the area, described in full. */
    op,
    list: <const Id extends ApiOperationId, const L extends z.ZodType, const W extends Listed>(id: Id, list: L, { answer, ...words }: W) =>
      op(id, { ...words, responses: ok(list, answer) }),
    create: <const Id extends ApiOperationId, const B extends z.ZodType, const W extends Answered>(
      id: Id,
      body: B,
      { answer, ...words }: W,
    ) => op(id, { ...words, request: { body: jsonBody(body) }, responses: created(item, answer, refused) }),
    get: <const Id extends ApiOperationId, const W extends Answered>(id: Id, { answer, ...words }: W) =>
      op(id, { ...words, request: byId, responses: ok(item, answer) }),
    update: <const Id extends ApiOperationId, const B extends z.ZodType, const W extends Answered>(
      id: Id,
      body: B,
      { answer, ...words }: W,
    ) => op(id, { ...words, request: { params: idParam, body: jsonBody(body) }, responses: ok(item, answer, refused) }),
    delete: <const Id extends ApiOperationId, const W extends Words>(id: Id, words: W) =>
      op(id, { ...words, request: byId, responses: noContent() }),
  };
}
