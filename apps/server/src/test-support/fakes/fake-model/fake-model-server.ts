import { randomBytes } from 'node:crypto';
import type { RiskCategory, RiskLevel } from '@app/shared';
import type { CoachModelConfig } from '../../../lib/coach/model/chat-completions-model';
import { FakeService, type Scripted } from '../fake-service';
import { startHttpFake, type HttpAnswer, type HttpRequest } from '../http-fake';
import { parseMultipart, type ParsedForm } from './multipart';

/**
 * A local stand-in for an OpenAI-compatible language model (decision 057),
 * speaking the protocol the coach's client speaks: base URL `{url}/v1`.
 *
 * - `POST /v1/chat/completions`: validates the request as OpenAI does
 *   (`model`, `messages` with roles and string content, a positive integer
 *   `max_tokens`/`max_completion_tokens`, no streaming, and a `json_object`
 *   response format only when a message says "json") and answers
 *   `{ id, object: 'chat.completion', created, model, choices: [{ index,
 *   message: { role, content, refusal }, finish_reason }], usage }`.
 *   Its own answers:
 *   - with `response_format: { type: 'json_object' }` (the classifier):
 *     `{"level":"none","categories":[]}`;
 *   - otherwise DEFAULT_COACH_REPLY, a short coaching reply that quotes
 *     nothing of the input (a test that finds the member's words in a reply
 *     knows they did not come from here); cut to the `max_tokens` asked for
 *     (about four characters a token) with `finish_reason: 'length'`.
 * - `POST /v1/audio/transcriptions`: multipart `file` (with a supported
 *   extension, as OpenAI judges the format) and `model`; answers
 *   `{ text: fake.transcriptionText }` ("transcribed voice note").
 * - Errors are OpenAI's: `{ error: { message, type, param, code } }`; a 429
 *   carries `retry-after` (and `retry-after-ms` when asked).
 * - Any key is accepted unless `startFakeModel({ apiKey })` sets one; then a
 *   request without it, as a bearer token or an `api-key` header, gets a 401.
 * - `latencyMs` delays the fake's own answers (the benchmark's fixed latency);
 *   a scripted answer carries its own `delayMs`.
 *
 * Every request is recorded with its parsed body (`chatRequests()` for what
 * the coach sent). Scripts and faults are the FakeService's: the builders
 * below make the usual answers, e.g.
 * `fake.nextChat(rateLimited(0, { retryAfterMs: 1 }), reply('Hello'))` or
 * `fake.service.answerAlways(fake.chatRoute, { ...reply('Slow'), delayMs: 500 })`.
 */

export const FAKE_MODEL_API_KEY = 'sk-fake-model-key-for-tests';
export const DEFAULT_COACH_REPLY =
  'Thank you for telling me. That sounds like a lot to carry. What is one small step you could take in the next hour to make today a little lighter?';
export const DEFAULT_CLASSIFICATION = { level: 'none', categories: [] } as const;
export const DEFAULT_TRANSCRIPTION = 'transcribed voice note';
/** The model name in scripted answers (the fake's own answers echo the one asked for). */
export const SCRIPTED_MODEL = 'fake-model';

/** OpenAI's audio formats, judged by the file's extension. */
const AUDIO_EXTENSIONS = ['flac', 'm4a', 'mp3', 'mp4', 'mpeg', 'mpga', 'oga', 'ogg', 'wav', 'webm'];
const ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool']);

/** A request as the fake records it. */
export interface ModelRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  /** Azure's key header. */
  apiKey: string | undefined;
  /** The JSON body (chat requests); null when there is none or it is not JSON. */
  json: Record<string, any> | null;
  /** The multipart body (transcriptions); null otherwise. */
  form: ParsedForm | null;
}

export interface FakeModel {
  url: string;
  /** What the client's `baseUrl` is set to: `{url}/v1`. */
  baseUrl: string;
  chatRoute: 'POST /v1/chat/completions';
  transcriptionRoute: 'POST /v1/audio/transcriptions';
  service: FakeService<ModelRequest, HttpAnswer>;
  /** The JSON bodies of the chat requests, in order: the context the coach sent. */
  chatRequests(): Record<string, any>[];
  /** The transcription uploads, in order. */
  transcriptionRequests(): ParsedForm[];
  /** The next chat requests get these answers, one each, in order. */
  nextChat(...answers: Scripted<HttpAnswer>[]): void;
  /** What the fake's own transcriptions say. */
  transcriptionText: string;
  /** A delay before each of the fake's own answers. */
  latencyMs: number;
  /** A client configuration pointing at this fake. */
  config(overrides?: Partial<CoachModelConfig>): CoachModelConfig;
  close(): Promise<void>;
}

type ScriptedAnswer = Scripted<HttpAnswer> & { answer: HttpAnswer };
type ScriptedError = Scripted<HttpAnswer> & { status: number; body: unknown };

/** A chat-completion body as OpenAI sends it. */
export function chatCompletion(options: {
  content: string | null;
  finishReason?: 'stop' | 'length' | 'content_filter';
  refusal?: string | null;
  model?: string;
  promptTokens?: number;
}): Record<string, unknown> {
  const completionTokens = tokens(options.content ?? options.refusal ?? '');
  const promptTokens = options.promptTokens ?? 0;
  return {
    id: `chatcmpl-${randomBytes(12).toString('base64url')}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: options.model ?? SCRIPTED_MODEL,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: options.content, refusal: options.refusal ?? null },
        logprobs: null,
        finish_reason: options.finishReason ?? 'stop',
      },
    ],
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
    },
  };
}

/** OpenAI's error answer. */
export function modelError(
  status: number,
  error: { message: string; type: string; code?: string | null; param?: string | null },
  headers?: Record<string, string>,
): ScriptedError {
  return {
    status,
    body: { error: { message: error.message, type: error.type, param: error.param ?? null, code: error.code ?? null } },
    ...(headers && { headers }),
  };
}

const completed = (body: Record<string, unknown>): ScriptedAnswer => ({ answer: { status: 200, body } });

/** A whole answer. */
export const reply = (text: string) => completed(chatCompletion({ content: text }));
/** The model declines (OpenAI's `message.refusal`, content null). */
export const refusal = (text = "I'm sorry, I can't help with that.") =>
  completed(chatCompletion({ content: null, refusal: text }));
/** An answer cut off at `max_tokens`. */
export const truncated = (text: string) => completed(chatCompletion({ content: text, finishReason: 'length' }));
/** No text at all. */
export const empty = () => completed(chatCompletion({ content: '' }));
/** A classifier's answer. */
export const classification = (level: RiskLevel, categories: RiskCategory[] = []) =>
  reply(JSON.stringify({ level, categories }));

/**
 * The content filter: `'answer'` (default) filters the answer (200 with
 * `finish_reason: 'content_filter'`); `'prompt'` is Azure's refusal of a
 * prompt it filtered (400, code `content_filter`, with its `innererror`).
 */
export function contentFilter(form: 'answer' | 'prompt' = 'answer'): Scripted<HttpAnswer> {
  if (form === 'answer') return completed(chatCompletion({ content: null, finishReason: 'content_filter' }));
  return {
    status: 400,
    body: {
      error: {
        message:
          "The response was filtered due to the prompt triggering Azure OpenAI's content management policy. Please modify your prompt and retry.",
        type: null,
        param: 'prompt',
        code: 'content_filter',
        status: 400,
        innererror: {
          code: 'ResponsibleAIPolicyViolation',
          content_filter_result: {
            hate: { filtered: false, severity: 'safe' },
            self_harm: { filtered: true, severity: 'high' },
            sexual: { filtered: false, severity: 'safe' },
            violence: { filtered: false, severity: 'safe' },
          },
        },
      },
    },
  };
}

/**
 * A 429: `rate_limit_exceeded` with `retry-after` in whole seconds (and
 * `retry-after-ms` when given, which clients read first), or with
 * `quota: true` OpenAI's `insufficient_quota` (billing: not to be retried).
 */
export function rateLimited(
  retryAfterSec = 1,
  options: { retryAfterMs?: number; quota?: boolean } = {},
): ScriptedError {
  const headers: Record<string, string> = { 'retry-after': String(Math.ceil(retryAfterSec)) };
  if (options.retryAfterMs !== undefined) headers['retry-after-ms'] = String(options.retryAfterMs);
  if (options.quota) {
    return modelError(
      429,
      {
        message: 'You exceeded your current quota, please check your plan and billing details.',
        type: 'insufficient_quota',
        code: 'insufficient_quota',
      },
      headers,
    );
  }
  return modelError(
    429,
    {
      message: 'Rate limit reached for requests. Please try again later.',
      type: 'requests',
      code: 'rate_limit_exceeded',
    },
    headers,
  );
}

/** OpenAI's 500 (or another 5xx: 502, 503 `server_is_overloaded`). */
export function serverError(status = 500): ScriptedError {
  return status === 503
    ? modelError(503, {
        message: 'The server is overloaded or not ready yet.',
        type: 'server_error',
        code: 'server_is_overloaded',
      })
    : modelError(status, {
        message: 'The server had an error while processing your request. Sorry about that!',
        type: 'server_error',
      });
}

const invalid = (message: string, param: string | null = null, code: string | null = null) =>
  modelError(400, { message, type: 'invalid_request_error', param, code });

/** About four characters a token, as OpenAI's rule of thumb. */
const tokens = (text: string) => Math.ceil(text.length / 4);

export async function startFakeModel(options: { apiKey?: string } = {}): Promise<FakeModel> {
  const service = new FakeService<ModelRequest, HttpAnswer>();
  const chatRoute = 'POST /v1/chat/completions' as const;
  const transcriptionRoute = 'POST /v1/audio/transcriptions' as const;

  const fake: Omit<FakeModel, 'url' | 'baseUrl' | 'config' | 'close'> = {
    chatRoute,
    transcriptionRoute,
    service,
    chatRequests: () => service.calls.filter((c) => c.route === chatRoute).map((c) => c.request.json ?? {}),
    transcriptionRequests: () =>
      service.calls
        .filter((c) => c.route === transcriptionRoute)
        .map((c) => c.request.form ?? { fields: {}, files: {} }),
    nextChat: (...answers) => void service.answerNext(chatRoute, ...answers),
    transcriptionText: DEFAULT_TRANSCRIPTION,
    latencyMs: 0,
  };

  function chat(body: Record<string, any> | null): HttpAnswer {
    if (!body) return invalid('We could not parse the JSON body of your request.');
    if (typeof body.model !== 'string' || !body.model) return invalid('you must provide a model parameter', 'model');
    const messages: unknown = body.messages;
    if (!Array.isArray(messages) || messages.length === 0) {
      return invalid("Invalid 'messages': empty array. Expected an array with minimum length 1.", 'messages');
    }
    for (const [i, message] of messages.entries()) {
      if (!ROLES.has(message?.role)) return invalid(`Invalid value for 'messages[${i}].role'.`, `messages[${i}].role`);
      if (typeof message.content !== 'string' && message.role !== 'assistant') {
        return invalid(`Invalid type for 'messages[${i}].content': expected a string.`, `messages[${i}].content`);
      }
    }
    const maxTokens: unknown = body.max_completion_tokens ?? body.max_tokens;
    if (maxTokens !== undefined && (!Number.isInteger(maxTokens) || (maxTokens as number) < 1)) {
      return invalid("Invalid 'max_tokens': expected an integer of at least 1.", 'max_tokens');
    }
    if (body.stream === true) return invalid('This fake does not stream: the coach sends whole messages.', 'stream');
    const wantsJson = body.response_format?.type === 'json_object';
    const allText = messages
      .map((m: { content?: unknown }) => (typeof m.content === 'string' ? m.content : ''))
      .join('\n');
    if (wantsJson && !/json/i.test(allText)) {
      return invalid(
        "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.",
        'messages',
      );
    }
    let content: string = wantsJson ? JSON.stringify(DEFAULT_CLASSIFICATION) : DEFAULT_COACH_REPLY;
    let finishReason: 'stop' | 'length' = 'stop';
    if (typeof maxTokens === 'number' && tokens(content) > maxTokens) {
      content = content.slice(0, maxTokens * 4);
      finishReason = 'length';
    }
    return {
      status: 200,
      body: chatCompletion({ content, finishReason, model: body.model, promptTokens: tokens(allText) }),
      headers: { 'x-request-id': `req_${randomBytes(8).toString('hex')}` },
    };
  }

  function transcription(form: ParsedForm | null): HttpAnswer {
    if (!form) return invalid('The request must be multipart/form-data with a file and a model.');
    if (!form.fields.model) return invalid('you must provide a model parameter', 'model');
    const file = form.files.file;
    if (!file || file.bytes.length === 0) return invalid('you must provide a file', 'file');
    const extension = file.fileName.split('.').pop()?.toLowerCase() ?? '';
    if (!file.fileName.includes('.') || !AUDIO_EXTENSIONS.includes(extension)) {
      return invalid(
        `Invalid file format. Supported formats: ${JSON.stringify(AUDIO_EXTENSIONS)}`,
        'file',
        'invalid_value',
      );
    }
    return { status: 200, body: { text: fake.transcriptionText } };
  }

  async function answer(req: HttpRequest, recorded: ModelRequest): Promise<HttpAnswer> {
    if (fake.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.latencyMs));
    if (options.apiKey !== undefined) {
      const given = recorded.apiKey ?? recorded.authorization?.replace(/^Bearer /, '');
      if (given !== options.apiKey) {
        return modelError(401, {
          message: 'Incorrect API key provided.',
          type: 'invalid_request_error',
          code: 'invalid_api_key',
        });
      }
    }
    if (`${req.method} ${req.path}` === chatRoute) return chat(recorded.json);
    if (`${req.method} ${req.path}` === transcriptionRoute) return transcription(recorded.form);
    return invalid(`Invalid URL (${req.method} ${req.path})`, null, 'unknown_url');
  }

  const http = await startHttpFake(service, {
    record: (req) => ({
      method: req.method,
      path: req.path,
      authorization: req.headers.authorization,
      apiKey: typeof req.headers['api-key'] === 'string' ? req.headers['api-key'] : undefined,
      json: parseJson(req),
      form: parseMultipart(req.body, req.headers['content-type']),
    }),
    answer,
  });
  const baseUrl = `${http.url}/v1`;
  return Object.assign(fake, {
    url: http.url,
    baseUrl,
    config: (overrides: Partial<CoachModelConfig> = {}): CoachModelConfig => ({
      baseUrl,
      apiKey: options.apiKey ?? FAKE_MODEL_API_KEY,
      model: 'fake-chat',
      classifierModel: 'fake-classifier',
      transcriptionModel: 'fake-transcribe',
      timeoutMs: 5_000,
      maxRetries: 2,
      ...overrides,
    }),
    close: http.close,
  });
}

function parseJson(req: HttpRequest): Record<string, any> | null {
  if (!req.body.length || String(req.headers['content-type']).startsWith('multipart/')) return null;
  try {
    const parsed = JSON.parse(req.body.toString('utf8'));
    return parsed && typeof parsed === 'object' ? parsed : null;
  } catch {
    return null;
  }
}
