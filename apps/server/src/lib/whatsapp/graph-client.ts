import type { WhatsAppConfig } from '../../env';
import type { Logger } from '../logger';
import { interactiveMessageBody, templateMessageBody } from './local/graph-request-bodies';
import {
  WhatsAppApiError,
  type WhatsAppApi,
  type WhatsAppMediaInfo,
  type WhatsAppRecipient,
  type WhatsAppTemplate,
} from './whatsapp-api';

/**
 * Meta's WhatsApp Cloud API (decision 056), over fetch: every call goes to
 * `<WHATSAPP_GRAPH_API_URL>/<WHATSAPP_GRAPH_API_VERSION>/…` with the
 * system-user token as a bearer token (tests point the URL at a local fake).
 *
 * Every refusal becomes a WhatsAppApiError with Meta's error object (code,
 * title, details, fbtrace_id); the outbox decides from the code whether to
 * try again (outbound/whatsapp-errors.ts). A 401 means the token expired or
 * was revoked: nothing will go out until someone replaces it, so it is
 * logged as an alert.
 */

/** How long one call may take; the outbox's lease is far longer. */
export const GRAPH_TIMEOUT_MS = 10_000;
/** Meta's media host refuses requests without a User-Agent. */
const USER_AGENT = 'calm-space-whatsapp-bridge/1.0';

type CloudSettings = Extract<WhatsAppConfig, { mode: 'cloud' }>;

/** Graph's error answer: `{ error: { message, type, code, error_data: { details }, fbtrace_id } }`. */
type GraphErrorBody = {
  error?: {
    message?: string;
    code?: number;
    error_user_title?: string;
    error_data?: { details?: string };
    fbtrace_id?: string;
  };
};

/** Network failures in which the request never left this machine: sending again cannot make a duplicate. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);

export function createGraphClient(
  settings: CloudSettings,
  logger: Logger,
  options: { timeoutMs?: number } = {},
): WhatsAppApi {
  const base = `${settings.graphApiUrl}/${settings.graphApiVersion}`;
  const timeoutMs = options.timeoutMs ?? GRAPH_TIMEOUT_MS;
  const authorization = `Bearer ${settings.accessToken}`;

  /** One call; answers the response once it is 2xx, else throws a WhatsAppApiError. */
  async function call(url: string, init: RequestInit, source: 'send' | 'media'): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(url, {
        ...init,
        headers: { authorization, 'user-agent': USER_AGENT, ...init.headers },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw networkError(error);
    }
    if (response.ok) return response;
    const failure = await graphError(response);
    const { code, fbtraceId } = failure.details;
    if (response.status === 401) {
      logger.error(
        { alert: 'whatsapp_token_rejected', source, code, fbtraceId },
        'WhatsApp refused the access token (expired or revoked): replace WHATSAPP_ACCESS_TOKEN',
      );
    } else {
      logger.warn({ status: response.status, code, fbtraceId, source }, 'WhatsApp Graph API refused a call');
    }
    throw failure;
  }

  /** POST /{phone-number-id}/messages with a JSON body. */
  async function postMessage(body: Record<string, unknown>): Promise<unknown> {
    const response = await call(
      `${base}/${settings.phoneNumberId}/messages`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ messaging_product: 'whatsapp', ...body }),
      },
      'send',
    );
    return readJson(response);
  }

  async function send(to: WhatsAppRecipient, message: Record<string, unknown>): Promise<{ externalId: string }> {
    const answer = (await postMessage({ ...recipientFields(to), ...message })) as {
      messages?: { id?: unknown }[];
    };
    const externalId = answer.messages?.[0]?.id;
    if (typeof externalId !== 'string' || !externalId) {
      // Accepted (2xx) but no id: the message may be on its way, so this is not "not sent".
      throw new WhatsAppApiError('WhatsApp accepted the message without a message id', { outcomeUnknown: true });
    }
    return { externalId };
  }

  return {
    sendText: (to, body) => send(to, { type: 'text', text: { preview_url: false, body } }),
    sendInteractive: (to, body, buttons) => send(to, interactiveFields(body, buttons)),
    sendTemplate: (to, template: WhatsAppTemplate, options) => send(to, templateFields(template, options)),
    async markRead(externalId, markOptions = {}) {
      await postMessage({
        status: 'read',
        message_id: externalId,
        ...(markOptions.typing && { typing_indicator: { type: 'text' } }),
      });
    },
    async mediaInfo(mediaId): Promise<WhatsAppMediaInfo> {
      const query = new URLSearchParams({ phone_number_id: settings.phoneNumberId });
      const response = await call(`${base}/${encodeURIComponent(mediaId)}?${query}`, { method: 'GET' }, 'media');
      const info = (await readJson(response)) as {
        url?: unknown;
        mime_type?: unknown;
        sha256?: unknown;
        file_size?: unknown;
      };
      if (typeof info.url !== 'string' || !info.url) {
        throw new WhatsAppApiError('WhatsApp answered a media id without a URL', { httpStatus: response.status });
      }
      return {
        url: info.url,
        mimeType: typeof info.mime_type === 'string' ? info.mime_type : 'application/octet-stream',
        sha256: typeof info.sha256 === 'string' ? info.sha256 : null,
        fileSize: typeof info.file_size === 'number' ? info.file_size : Number(info.file_size) || null,
      };
    },
    async downloadMedia(url) {
      const response = await call(url, { method: 'GET' }, 'media');
      let bytes: Uint8Array;
      try {
        bytes = new Uint8Array(await response.arrayBuffer());
      } catch (error) {
        throw networkError(error);
      }
      return { bytes, contentType: response.headers.get('content-type') };
    },
  };
}

/** The message fields of an interactive or template send, as the local provider records them (one builder for both). */
function interactiveFields(body: string, buttons: Parameters<WhatsAppApi['sendInteractive']>[2]) {
  const { type, interactive } = interactiveMessageBody({ waId: '0', bsuid: null }, body, buttons);
  return { type, interactive };
}

function templateFields(template: WhatsAppTemplate, options?: { quickReplyPayload?: string }) {
  const built = templateMessageBody({ waId: '0', bsuid: null }, template, options);
  return { type: built.type, template: built.template };
}

/**
 * `to` with the `+` and country code (without it Meta prepends the business
 * number's own country code), or, for a contact known only by its
 * business-scoped id, `recipient` (a BSUID in `to` is silently dropped).
 */
function recipientFields(to: WhatsAppRecipient): Record<string, string> {
  if (to.waId) return { recipient_type: 'individual', to: `+${to.waId}` };
  if (to.bsuid) return { recipient_type: 'individual', recipient: to.bsuid };
  throw new WhatsAppApiError('The contact has neither a WhatsApp id nor a business-scoped id', {});
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch (error) {
    // A 2xx whose body did not arrive whole: the call was made, its result is unknown.
    throw new WhatsAppApiError(`WhatsApp's answer could not be read: ${describe(error)}`, {
      httpStatus: response.status,
      outcomeUnknown: true,
    });
  }
}

async function graphError(response: Response): Promise<WhatsAppApiError> {
  let body: GraphErrorBody = {};
  try {
    body = (await response.json()) as GraphErrorBody;
  } catch {
    // Not Graph's JSON (a proxy's page): the status says enough.
  }
  const error = body.error ?? {};
  const code = typeof error.code === 'number' ? error.code : undefined;
  // Meta's message reads "(#131047) Re-engagement message"; the title is the part after the code.
  const title = error.error_user_title ?? error.message?.replace(/^\(#\d+\)\s*/, '') ?? undefined;
  const detail = error.error_data?.details;
  const fbtraceId = error.fbtrace_id ?? response.headers.get('x-fb-trace-id') ?? undefined;
  const summary = [code, title].filter(Boolean).join(' ') || `HTTP ${response.status}`;
  return new WhatsAppApiError(`WhatsApp refused: ${summary}${detail ? ` (${detail})` : ''}`, {
    httpStatus: response.status,
    code,
    title,
    detail,
    fbtraceId,
  });
}

/**
 * No answer: a timeout or a dropped connection may have happened after Meta
 * received the request (`outcomeUnknown`: check before sending again); a
 * refused connection or an unknown host never reached it.
 */
function networkError(error: unknown): WhatsAppApiError {
  const cause = (error as { cause?: { code?: string } }).cause;
  const notSent = cause?.code !== undefined && NOT_SENT_CODES.has(cause.code);
  const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
  return new WhatsAppApiError(
    timedOut ? 'WhatsApp did not answer in time' : `WhatsApp could not be reached: ${describe(cause ?? error)}`,
    { outcomeUnknown: !notSent },
  );
}

const describe = (error: unknown) =>
  error instanceof Error ? error.message : ((error as { code?: string })?.code ?? String(error));
