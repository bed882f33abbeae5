import type { Logger } from '../../logger';
import type {
  AudioClip,
  CoachModel,
  CompletionOutcome,
  CompletionRequest,
  TokenUsage,
  TranscriptionOutcome,
} from './model-types';

/**
 * The coach's language model over the OpenAI-compatible chat-completions
 * protocol (decision 057): OpenAI, Azure OpenAI (its `/openai/v1` endpoint,
 * `api-key` header), Ollama, vLLM and llama.cpp all speak it.
 *
 * - `POST {baseUrl}/chat/completions`, never streamed (WhatsApp gets whole
 *   messages, and the safety check reads the whole answer before anyone sees it).
 * - Every answer becomes a CompletionOutcome; nothing throws. A refusal, a
 *   content filter (`finish_reason`, or Azure's 400 `content_filter`), a cut-off
 *   or empty answer stay apart from an answer: the screening counts each as a
 *   possible risk.
 * - Each attempt has its own timeout (`timeoutMs`); the caller's signal ends
 *   the whole call at once (a coach took over) and is never retried.
 * - Retries, at most `maxRetries`, only where trying again can help: a network
 *   error or timeout, a 429 (except `insufficient_quota`: billing, not load),
 *   a 5xx. The wait is exponential with jitter, or what `retry-after-ms` /
 *   `Retry-After` ask for; a provider asking for more than MAX_RETRY_AFTER_MS
 *   is given up on, since a member is waiting and the scripted coach can answer.
 * - Any other 4xx (a bad key, an unknown model, a request too long) will not
 *   get better by asking again: `unavailable` at once.
 * - Voice notes: `POST {baseUrl}/audio/transcriptions` (multipart `file`,
 *   `model`) when a transcription model is configured; only the words are asked
 *   for, never an emotion or voice analysis.
 *
 * Nothing of a member's messages is logged, only statuses, codes and request ids.
 */

export interface CoachModelConfig {
  /** Up to and including the version, e.g. `https://api.openai.com/v1` or `http://127.0.0.1:11434/v1`. */
  baseUrl: string;
  /** Local servers (Ollama) need none. */
  apiKey?: string;
  /** How the key is sent: `Authorization: Bearer …` (default) or Azure's `api-key: …`. */
  apiKeyHeader?: 'authorization' | 'api-key';
  model: string;
  /** For `purpose: 'classifier'`; the chat model when unset. */
  classifierModel?: string;
  /** Without one, voice notes go to a human. */
  transcriptionModel?: string;
  /** The answer-length field: `max_tokens` (default; Ollama, vLLM, Azure) or `max_completion_tokens` (newer OpenAI models reject `max_tokens`). */
  maxTokensField?: 'max_tokens' | 'max_completion_tokens';
  /** How long one attempt may take. */
  timeoutMs: number;
  /** Attempts after the first, for network errors, 429 and 5xx. */
  maxRetries: number;
}

export interface ChatCompletionsOptions {
  fetch?: typeof fetch;
  logger?: Logger;
  /** Waits between attempts; tests pass one that records the delays instead of waiting. */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** 0 ≤ x < 1, for the jitter. */
  random?: () => number;
}

/** The first retry waits about this long, the next twice as long, and so on. */
export const BASE_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 8_000;
/** The longest wait a provider may ask for before we give up on this call. */
export const MAX_RETRY_AFTER_MS = 10_000;

/** The OpenAI error body: `{ error: { message, type, code, param } }` (Azure adds `innererror`). */
interface ProviderError {
  message?: string;
  type?: string;
  code?: string | number | null;
  innererror?: { code?: string };
}

/** One HTTP exchange, after the retries: a 2xx body, a refusal with the provider's error, or no answer. */
type Exchange =
  | { kind: 'ok'; body: unknown }
  | { kind: 'refused'; status: number; error: ProviderError }
  | { kind: 'unavailable'; reason: string };

/** One attempt, before deciding whether to try again. */
type Attempt =
  | { kind: 'ok'; body: unknown }
  | { kind: 'http_error'; status: number; error: ProviderError; retryAfterMs: number | null; requestId: string | null }
  | { kind: 'network'; reason: string }
  | { kind: 'aborted' };

export function createChatCompletionsModel(config: CoachModelConfig, options: ChatCompletionsOptions = {}): CoachModel {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? abortableSleep;
  const random = options.random ?? Math.random;
  const logger = options.logger;

  const authHeaders: Record<string, string> = {};
  if (config.apiKey) {
    if (config.apiKeyHeader === 'api-key') authHeaders['api-key'] = config.apiKey;
    else authHeaders.authorization = `Bearer ${config.apiKey}`;
  }

  async function attempt(path: string, init: RequestInit, callerSignal: AbortSignal | undefined): Promise<Attempt> {
    const timeout = AbortSignal.timeout(config.timeoutMs);
    const signal = callerSignal ? AbortSignal.any([timeout, callerSignal]) : timeout;
    try {
      const response = await doFetch(endpoint(config.baseUrl, path), {
        ...init,
        headers: { ...authHeaders, ...init.headers },
        signal,
      });
      if (response.ok) return { kind: 'ok', body: await response.json() };
      return {
        kind: 'http_error',
        status: response.status,
        error: await readError(response),
        retryAfterMs: retryAfterMs(response.headers),
        requestId: response.headers.get('x-request-id'),
      };
    } catch (error) {
      if (callerSignal?.aborted) return { kind: 'aborted' };
      if (timeout.aborted) return { kind: 'network', reason: `no answer within ${config.timeoutMs} ms` };
      return { kind: 'network', reason: describe(error) };
    }
  }

  /** POSTs with the retry policy above. */
  async function exchange(
    path: string,
    init: RequestInit,
    signal: AbortSignal | undefined,
    what: string,
  ): Promise<Exchange> {
    for (let retry = 0; ; retry++) {
      if (signal?.aborted) return { kind: 'unavailable', reason: 'aborted' };
      const result = await attempt(path, init, signal);
      if (result.kind === 'ok') return result;
      if (result.kind === 'aborted') return { kind: 'unavailable', reason: 'aborted' };

      const reason = result.kind === 'network' ? result.reason : `HTTP ${result.status}${errorSummary(result.error)}`;
      const logFields =
        result.kind === 'http_error'
          ? { what, status: result.status, code: result.error.code, requestId: result.requestId }
          : { what, reason };
      if (result.kind === 'http_error' && !isRetryable(result.status, result.error)) {
        logger?.warn(logFields, 'The language model refused a call');
        return { kind: 'refused', status: result.status, error: result.error };
      }
      if (retry >= config.maxRetries) {
        logger?.warn({ ...logFields, attempts: retry + 1 }, 'The language model did not answer');
        return { kind: 'unavailable', reason: retry > 0 ? `${reason} (after ${retry + 1} attempts)` : reason };
      }
      const asked = result.kind === 'http_error' ? result.retryAfterMs : null;
      if (asked !== null && asked > MAX_RETRY_AFTER_MS) {
        logger?.warn({ ...logFields, retryAfterMs: asked }, 'The language model asked to wait too long');
        return { kind: 'unavailable', reason: `${reason}, asked to wait ${Math.ceil(asked / 1000)} s` };
      }
      const delay = asked ?? backoff(retry, random);
      logger?.info({ ...logFields, retryInMs: Math.round(delay) }, 'Retrying the language model');
      try {
        await sleep(delay, signal);
      } catch {
        return { kind: 'unavailable', reason: 'aborted' };
      }
    }
  }

  return {
    async complete(request: CompletionRequest): Promise<CompletionOutcome> {
      const body: Record<string, unknown> = {
        model: request.purpose === 'classifier' ? (config.classifierModel ?? config.model) : config.model,
        messages: request.messages.map(({ role, content }) => ({ role, content })),
        [config.maxTokensField ?? 'max_tokens']: request.maxTokens,
        ...(request.temperature !== undefined && { temperature: request.temperature }),
        ...(request.json && { response_format: { type: 'json_object' } }),
      };
      const result = await exchange(
        '/chat/completions',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
        request.signal,
        request.purpose,
      );
      if (result.kind === 'unavailable') return result;
      if (result.kind === 'refused') {
        // Azure refuses a prompt its filter caught (self-harm among its categories) with a 400: a risk signal.
        if (isContentFilterError(result.error)) return { kind: 'content_filter', usage: null };
        return { kind: 'unavailable', reason: `HTTP ${result.status}${errorSummary(result.error)}` };
      }
      return readCompletion(result.body, request);
    },

    canTranscribe: !!config.transcriptionModel,

    async transcribe(clip: AudioClip, signal?: AbortSignal): Promise<TranscriptionOutcome> {
      if (!config.transcriptionModel) return { kind: 'unavailable', reason: 'no transcription model configured' };
      const form = new FormData();
      form.set('file', new Blob([new Uint8Array(clip.bytes)], { type: clip.mimeType }), clip.fileName);
      form.set('model', config.transcriptionModel);
      form.set('response_format', 'json');
      const result = await exchange('/audio/transcriptions', { method: 'POST', body: form }, signal, 'transcription');
      if (result.kind === 'unavailable') return result;
      if (result.kind === 'refused') {
        return { kind: 'unavailable', reason: `HTTP ${result.status}${errorSummary(result.error)}` };
      }
      const text = (result.body as { text?: unknown } | null)?.text;
      // No words (silence, noise): a person listens to it instead.
      if (typeof text !== 'string' || !text.trim()) return { kind: 'unavailable', reason: 'empty transcript' };
      return { kind: 'text', text: text.trim() };
    },
  };
}

/** `{baseUrl}{path}`, keeping a query the base URL may carry (Azure's `?api-version=`). */
function endpoint(baseUrl: string, path: string): string {
  const url = new URL(baseUrl);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`;
  return url.toString();
}

/** The answer of a 200, mapped to an outcome. */
function readCompletion(body: unknown, request: CompletionRequest): CompletionOutcome {
  const answer = body as {
    choices?: { message?: { content?: unknown; refusal?: unknown }; finish_reason?: unknown }[];
    usage?: { prompt_tokens?: unknown; completion_tokens?: unknown };
  } | null;
  const choice = answer?.choices?.[0];
  const usage = readUsage(answer?.usage);
  const content = typeof choice?.message?.content === 'string' ? choice.message.content.trim() : '';
  const refusal = typeof choice?.message?.refusal === 'string' ? choice.message.refusal.trim() : '';

  if (choice?.finish_reason === 'content_filter') return { kind: 'content_filter', usage };
  if (refusal) return { kind: 'refusal', text: refusal, usage };
  if (choice?.finish_reason === 'length') return { kind: 'truncated', text: content, usage };
  if (!content) return { kind: 'empty', usage };
  if (onlyRefuses(content)) return { kind: 'refusal', text: content, usage };
  return { kind: 'answer', text: content, usage: usage ?? estimateUsage(request, content) };
}

/**
 * Models without a `refusal` field (most local ones) refuse in plain words.
 * Only a bare refusal counts ("I'm sorry, but I can't help with that."): a
 * coach's polite "I can't help with code, but…" is an answer.
 */
const BARE_REFUSAL =
  /^(?:(?:i'm|i am) (?:very |really )?sorry|sorry|i apologi[sz]e)?[,.!]?\s*(?:but\s+)?i\s*(?:can't|cannot|can not|am unable to|'m unable to|won't|will not|am not able to)\s+(?:help|assist|provide|continue|comply|engage)(?: you)?(?: with)?(?: (?:that|this|it|this request|that request|your request|this conversation))?[.!]?$/i;

function onlyRefuses(text: string): boolean {
  return BARE_REFUSAL.test(text.replace(/[’‘]/g, "'"));
}

function readUsage(usage: { prompt_tokens?: unknown; completion_tokens?: unknown } | undefined): TokenUsage | null {
  if (typeof usage?.prompt_tokens !== 'number' || typeof usage.completion_tokens !== 'number') return null;
  return { promptTokens: usage.prompt_tokens, completionTokens: usage.completion_tokens };
}

/** Some local servers send no `usage`; the budget still counts about four characters a token. */
function estimateUsage(request: CompletionRequest, answer: string): TokenUsage {
  const promptChars = request.messages.reduce((sum, m) => sum + m.content.length, 0);
  return { promptTokens: Math.ceil(promptChars / 4), completionTokens: Math.ceil(answer.length / 4) };
}

function isRetryable(status: number, error: ProviderError): boolean {
  if (status === 429) return error.code !== 'insufficient_quota';
  return status >= 500;
}

function isContentFilterError(error: ProviderError): boolean {
  return error.code === 'content_filter' || error.innererror?.code === 'ResponsibleAIPolicyViolation';
}

async function readError(response: Response): Promise<ProviderError> {
  try {
    const body = (await response.json()) as { error?: ProviderError } | null;
    return body?.error && typeof body.error === 'object' ? body.error : {};
  } catch {
    // Not the provider's JSON (a proxy's error page): the status says enough.
    return {};
  }
}

const errorSummary = (error: ProviderError) => {
  const code = error.code ?? error.type;
  return code ? ` ${code}` : '';
};

/** `retry-after-ms` (OpenAI, Azure) or `Retry-After` in seconds or as a date; null when absent or unreadable. */
function retryAfterMs(headers: Headers): number | null {
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get('retry-after');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - Date.now());
}

/** Exponential, with half of it random so that many waiting callers do not retry in step. */
function backoff(retry: number, random: () => number): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** retry);
  return ceiling / 2 + (random() * ceiling) / 2;
}

function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

const describe = (error: unknown): string => {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code) return cause.code;
  return error instanceof Error ? error.message : String(error);
};
