/** Token usage in OpenAI's names; the Anthropic endpoint maps them to input/output tokens. */
export interface FakeUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

export interface FakeToolCall {
  name: string;
  /** Serialised with JSON.stringify; a string is sent verbatim (lets tests send malformed JSON). */
  arguments: unknown;
  /** Defaults to a deterministic id ("call_fake_1", "toolu_fake_1", ...). */
  id?: string;
}

export interface FakeToolCallsTurn {
  toolCalls: FakeToolCall[];
  /** Text the model says alongside its tool calls. */
  text?: string;
  usage?: FakeUsage;
  /** Wait this long before answering. */
  delayMs?: number;
  /**
   * Behave like a model that fills only the arguments a tool's schema marks as required: every
   * other argument of the scripted calls is left out (at every level) before answering.
   */
  onlyRequiredArguments?: boolean;
}

export interface FakeTextTurn {
  text: string;
  usage?: FakeUsage;
  delayMs?: number;
}

export interface FakeErrorTurn {
  error: {
    status: number;
    message?: string;
    /** Extra response headers, e.g. { "retry-after-ms": "10" } so the SDK retries quickly. */
    headers?: Record<string, string>;
  };
}

/** Never answers; the connection is dropped when the server closes. */
export interface FakeHangTurn {
  hang: true;
}

export type FakeTurn = FakeToolCallsTurn | FakeTextTurn | FakeErrorTurn | FakeHangTurn;

export type ChatProtocol = "openai" | "anthropic";

/** A message of the request, normalised across protocols. */
export interface ChatMessage {
  role: "system" | "user" | "assistant" | "tool";
  /** All text parts joined with "\n" (tool results included). */
  text: string;
  /** Tool calls an assistant message carries, arguments as JSON text. */
  toolCalls: { id: string; name: string; arguments: string }[];
  /** For role "tool": the id of the call this result answers. */
  toolCallId?: string;
  /** Number of image parts (screenshots sent for vision). */
  images: number;
}

/** A tool offered in a request, normalised across protocols. */
export interface ChatTool {
  name: string;
  description: string;
  /** OpenAI `function.parameters`, Anthropic `input_schema`. */
  parameters: Record<string, unknown>;
  /** The tool was sent with `strict: true`. */
  strict: boolean;
}

/** What a responder sees of a completion request. */
export interface ChatRequest {
  protocol: ChatProtocol;
  path: string;
  model: string;
  stream: boolean;
  /** The parsed JSON body, as sent. */
  body: Record<string, unknown>;
  /** Names of the tools offered. */
  toolNames: string[];
  /** The tools offered, with their schemas. */
  tools: ChatTool[];
  /** The system prompt (OpenAI system/developer messages or Anthropic `system`), joined. */
  system: string;
  /** Conversation messages (system messages included for OpenAI), normalised. */
  messages: ChatMessage[];
}

export interface RecordedRequest {
  path: string;
  method: string;
  headers: Record<string, string>;
  /** Parsed JSON body; undefined when there was none or it was not JSON. */
  body: unknown;
  /** The raw body text, for "this string never appears anywhere" assertions. */
  raw: string;
  /** Date.now() when the request arrived. */
  at: number;
}

export type FakeResponder = (req: ChatRequest, index: number) => FakeTurn | Promise<FakeTurn>;

export interface FakeModelServer {
  /** Base URL including /v1, what an OpenAI or Anthropic SDK takes as baseURL. */
  url: string;
  /** "http://127.0.0.1:PORT" */
  origin: string;
  /** Every request, in arrival order (errored ones too). */
  requests: RecordedRequest[];
  /** Queue scripted turns; each completion request consumes the next one. */
  enqueue(...turns: FakeTurn[]): void;
  /** Decide dynamically; used when the queue is empty. `index` counts completion requests from 0. */
  setResponder(fn: FakeResponder): void;
  /** How many queued turns have not been consumed yet. */
  remainingTurns(): number;
  /** Completion requests (chat completions and messages) parsed as a responder sees them. */
  chatRequests(): ChatRequest[];
  /** Clears queue, responder, requests and counters. */
  reset(): void;
  close(): Promise<void>;
}
