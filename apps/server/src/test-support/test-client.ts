import type { LocalMail } from '@app/shared';
import { secretFromOtpauthUri, totpCode } from './totp';

/**
 * A scripted browser: keeps cookies between calls and sends the app's Origin
 * on every request, as the web app does.
 */
export type MailboxEntry = LocalMail;

export interface JsonResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export class TestClient {
  private cookies = new Map<string, string>();
  constructor(readonly baseUrl: string) {}

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<JsonResponse<T>> {
    const init: RequestInit = {
      method,
      redirect: 'manual',
      headers: {
        origin: this.baseUrl,
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(this.cookies.size && { cookie: this.cookieHeader() }),
        ...headers,
      },
      ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    };
    const res = await fetch(new URL(path, this.baseUrl), init);
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
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
    return this.post('/api/auth/sign-up/email', { name, email, password });
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
