/**
 * What the coach asks of a language model and what it gets back (decision 057).
 * Any OpenAI-compatible chat-completions provider fits (OpenAI, Azure, Ollama,
 * vLLM). Every answer is an outcome, never a thrown error: a refusal, a content
 * filter, a cut-off or empty answer are kept apart from a real answer because
 * the safety screening counts each of them as a possible risk, not a glitch.
 */

export interface ChatTurn {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface CompletionRequest {
  /** `chat` answers the member; `classifier` screens a message (COACH_LLM_CLASSIFIER_MODEL, else the chat model). */
  purpose: 'chat' | 'classifier';
  messages: ChatTurn[];
  /** The cap on the answer's length, sent as `max_tokens`. */
  maxTokens: number;
  temperature?: number;
  /** Ask for a JSON object (`response_format: { type: 'json_object' }`). */
  json?: boolean;
  /** Aborts the call (a coach took over, the server is stopping). */
  signal?: AbortSignal;
}

export type CompletionOutcome =
  /** A whole answer (`finish_reason` `stop`). */
  | { kind: 'answer'; text: string; usage: TokenUsage }
  /** The model declined (`message.refusal`, or an answer that only refuses). */
  | { kind: 'refusal'; text: string; usage: TokenUsage | null }
  /** The provider's content filter stopped the prompt or the answer (`finish_reason: content_filter`, Azure's 400). */
  | { kind: 'content_filter'; usage: TokenUsage | null }
  /** Cut off at `max_tokens` (`finish_reason: length`). */
  | { kind: 'truncated'; text: string; usage: TokenUsage | null }
  /** No text at all. */
  | { kind: 'empty'; usage: TokenUsage | null }
  /** No answer: network error, timeout, 429/5xx after the retries, another 4xx, or the circuit breaker open. */
  | { kind: 'unavailable'; reason: string };

export type TranscriptionOutcome = { kind: 'text'; text: string } | { kind: 'unavailable'; reason: string };

export interface AudioClip {
  bytes: Uint8Array;
  /** As stored, e.g. `audio/ogg; codecs=opus`. */
  mimeType: string;
  fileName: string;
}

/** The coach's one model client. */
export interface CoachModel {
  complete(request: CompletionRequest): Promise<CompletionOutcome>;
  /** Whether a transcription model is configured; without one a voice note goes to a human. */
  readonly canTranscribe: boolean;
  transcribe(clip: AudioClip, signal?: AbortSignal): Promise<TranscriptionOutcome>;
}
