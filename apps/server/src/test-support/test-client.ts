import { hc, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { ApiErrorBody, LocalMail } from '@app/shared';
import type { AppType } from '../api-type';
import { secretFromOtpauthUri, totpCode } from './totp';

/**
 * A scripted browser: keeps cookies between calls and sends the app's Origin
 * on every request, as the web app does.
 *
 * Tests call the API the way the web app does, through the typed client
 * (decision 055): `await answer(member.api.me.profile.$get())`, so a path,
 * a body or an answer the server no longer has fails the type check. The raw
 * `request`/`get`/`post`/`patch`/`put`/`delete` are the escape hatch for what
 * the typed client cannot send: malformed or forbidden input (unknown fields,
 * wrong types, bodies that are not JSON, ids that are not uuids), chosen
 * headers, and better-auth's `/api/auth/*`, which is not part of AppType.
 */
export type MailboxEntry = LocalMail;

export interface JsonResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** The data of a typed call's 2xx answers (as the web app's ApiData). */
export type AnswerData<R> =
  R extends ClientResponse<infer T, infer S, infer _F>
    ? [Extract<S, SuccessStatusCode>] extends [never]
      ? never
      : T
    : never;

/**
 * A typed call's answer, read once: `body` is typed as the route's 2xx data and
 * `error` as the ApiErrorBody every other status carries. Both are the same
 * parsed JSON; a test reads the one its asserted status says it is.
 */
export interface Answer<R> {
  status: number;
  headers: Headers;
  body: AnswerData<R>;
  error: ApiErrorBody;
}

/** Awaits a typed call (`client.api.….$get()`) and reads its answer. */
export async function answer<R extends ClientResponse<unknown, number, string>>(call: Promise<R>): Promise<Answer<R>> {
  const res = await call;
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, headers: res.headers, body: parsed as AnswerData<R>, error: parsed as ApiErrorBody };
}

export class TestClient {
  private cookies = new Map<string, string>();
  /** The typed client of the server's routes (as the web app's `api`), with this client's cookies and Origin. */
  readonly api;
  constructor(readonly baseUrl: string) {
    this.api = hc<AppType>(baseUrl, {
      headers: { accept: 'application/json' },
      fetch: (input: string | URL | Request, init?: RequestInit) => this.send(input, init),
    }).api;
  }

  /** Every request goes out here: with the Origin and this jar's cookies unless the caller set them, keeping what comes back. */
  private async send(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (!headers.has('origin')) headers.set('origin', this.baseUrl);
    if (this.cookies.size && !headers.has('cookie')) headers.set('cookie', this.cookieHeader());
    const res = await fetch(input, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<JsonResponse<T>> {
    const init: RequestInit = {
      method,
      headers: {
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    };
    const res = await this.send(new URL(path, this.baseUrl), init);
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }
  post<T = any>(path: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body, headers);
  }
  patch<T = any>(path: string, body: unknown, headers?: Record<string, string>) {
    return this.request<T>('PATCH', path, body, headers);
  }
  put<T = any>(path: string, body: unknown, headers?: Record<string, string>) {
    return this.request<T>('PUT', path, body, headers);
  }
  delete<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('DELETE', path, undefined, headers);
  }

  /** The Cookie header this client sends (to replay its session elsewhere). */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  hasSession(): boolean {
    return [...this.cookies.keys()].some((k) => k.endsWith('session_token'));
  }

  /** The sign-up request alone: no session, whether the address was new or taken (decision 009). */
  requestSignUp(email: string, password = 'calm-river-42', name = 'Test Member') {
    // The sign-up form's "I confirm I am 18 or over", as the web app sends it.
    return this.post('/api/auth/sign-up/email', { name, email, password, ageConfirmed: true });
  }

  /**
   * A new member as the product makes one: signs up, then follows the
   * confirmation link from the mailbox, which verifies the address and signs
   * this client in. Returns the sign-up response (its `user.id` is the account's).
   * For an address that is already taken, use requestSignUp.
   */
  async signUp(email: string, password = 'calm-river-42', name = 'Test Member') {
    const to = email.trim().toLowerCase();
    // Mail the address already had (say, an earlier account's deletion notice) is not the confirmation.
    const box: unknown = await this.mailbox().catch(() => []);
    const earlier = Array.isArray(box) ? (box as MailboxEntry[]).filter((m) => m.to === to).map((m) => m.id) : [];
    const res = await this.requestSignUp(email, password, name);
    if (res.status !== 200) return res;
    const confirmation = await this.latestMailTo(to, /./, earlier).catch(() => undefined);
    if (confirmation?.type !== 'signup') {
      throw new Error(`signUp(${email}): no confirmation mail; is the address taken? (use requestSignUp)`);
    }
    const confirmed = await this.confirmEmail(confirmation.token);
    if (confirmed.status !== 200) throw new Error(`signUp(${email}): confirmation answered ${confirmed.status}`);
    // An admin (ADMIN_EMAILS) sets up two-step sign-in before the admin area answers (decision 047);
    // the default admin of a test has done so. Tests of the admin without it use requestSignUp.
    const roles = await this.get<string[]>('/api/me/roles');
    if (roles.status === 200 && roles.body.includes('admin')) await this.enrolSecondFactor(password);
    return res;
  }

  /** The code this client's authenticator shows now (after enrolSecondFactor). */
  authenticatorCode(): string {
    if (!this.secondFactor) throw new Error('authenticatorCode: this client set up no authenticator');
    return totpCode(this.secondFactor.secret);
  }

  /** The authenticator this client set up (enrolSecondFactor): its secret and recovery codes. */
  secondFactor?: { secret: Buffer; backupCodes: string[] };

  /**
   * Turns on two-step sign-in as the account card does: the password, then the
   * first code from the authenticator, computed here from the otpauth URI.
   * Leaves this client signed in with a session that passed the factor.
   */
  async enrolSecondFactor(password = 'calm-river-42') {
    const enabled = await this.post('/api/auth/two-factor/enable', { password });
    if (enabled.status !== 200) throw new Error(`enrolSecondFactor: enable answered ${enabled.status}`);
    const secret = secretFromOtpauthUri(enabled.body.totpURI);
    const verified = await this.post('/api/auth/two-factor/verify-totp', { code: totpCode(secret) });
    if (verified.status !== 200) throw new Error(`enrolSecondFactor: verify answered ${verified.status}`);
    this.secondFactor = { secret, backupCodes: enabled.body.backupCodes };
    return this.secondFactor;
  }

  /** Signs in with the password and then the authenticator's current code (an account with a factor). */
  async signInWithCode(email: string, secret: Buffer, password = 'calm-river-42') {
    const challenged = await this.signIn(email, password);
    if (challenged.body?.twoFactorRedirect !== true) throw new Error(`signInWithCode(${email}): no code asked`);
    return this.post('/api/auth/two-factor/verify-totp', { code: totpCode(secret) });
  }

  /** Follows a confirmation (or email-change) link's token, as the callback page does. */
  confirmEmail(token: string) {
    return this.get(`/api/auth/verify-email?token=${encodeURIComponent(token)}`);
  }
  signIn(email: string, password = 'calm-river-42') {
    return this.post('/api/auth/sign-in/email', { email, password });
  }
  signOut() {
    return this.post('/api/auth/sign-out', {});
  }

  async mailbox(): Promise<MailboxEntry[]> {
    return (await this.get<MailboxEntry[]>('/api/dev/mailbox')).body;
  }

  /**
   * The newest mail to an address (whose subject matches, when given), and
   * the token in its /auth/callback link. Mail is delivered by the outbox
   * worker just after the request that sent it, so this polls the mailbox
   * until it is there. `except` skips mail already seen (one id or several), to
   * wait for the next one to the same address.
   */
  async latestMailTo(
    to: string,
    subject = /./,
    except?: MailboxEntry['id'] | ReadonlyArray<MailboxEntry['id']>,
  ): Promise<{ mail: MailboxEntry; token: string; type: string }> {
    const deadline = Date.now() + 5000;
    const skipped = new Set(Array.isArray(except) ? except : except === undefined ? [] : [except]);
    const wanted = (m: MailboxEntry) => m.to === to && subject.test(m.subject) && !skipped.has(m.id);
    let mail: MailboxEntry | undefined;
    while (!(mail = (await this.mailbox()).find(wanted))) {
      if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${subject}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const link = mail.links.find((l) => l.includes('/auth/callback#'));
    if (!link) throw new Error(`no callback link in "${mail.subject}"`);
    const fragment = new URLSearchParams(new URL(link).hash.slice(1));
    return { mail, token: fragment.get('access_token') ?? '', type: fragment.get('type') ?? '' };
  }
}
