/**
 * The one way tests fake an external service (decision 055): Stripe, the SMTP
 * server, and next the WhatsApp Graph API and the language model. A fake is a
 * protocol wrapper (an HTTP server: `http-fake.ts`; the SMTP fake wraps
 * `smtp-server`) around a FakeService, which holds what every fake needs and
 * knows nothing of the protocol:
 *
 * - **records** every request, in order (`requests`, each with its route and time);
 * - **scripts answers**, for the next calls (`answerNext(route, …answers)`, used
 *   once each, in order) or for every call (`answerAlways(route, answer)`), ahead
 *   of the fake's own behaviour (its `fallback`);
 * - **injects faults**: a status (`{ status }`: the wrapper turns it into an
 *   HTTP status or an SMTP reply code), a delay before answering (`delayMs`),
 *   a dropped connection (`drop`), or a duplicate (`duplicate`: the request is
 *   handled twice, as by a provider that applied a retry twice; for what a fake
 *   sends to us, `deliver` sends it twice).
 *
 * A route is the wrapper's key for a request (HTTP: `POST /v1/customers`); a
 * script or fault is given for a route, a prefix of one ending in `*`
 * (`POST /v1/subscriptions/*`, `* /v1/subscriptions*`), or `*` for every request.
 *
 * Building a new fake:
 *
 *   const service = new FakeService<MyRequest, MyAnswer>();
 *   const http = await startHttpFake(service, { record: (req) => toMyRequest(req), answer: (req) => myAnswer(req) });
 *   service.answerNext('POST /messages', { status: 500, body: { error: 'down' } });
 *   service.fail('POST /messages', { drop: true }, { times: 2 });
 *   …
 *   expect(service.requests.map((r) => r.route)).toEqual([...]);
 */

/** What a scripted answer or a fault may say; the wrapper reads the fields its protocol has. */
export interface Scripted<A> {
  /** Answer with this status (HTTP) or reply code (SMTP) instead of the fake's own answer. */
  status?: number;
  /** The body of that answer (HTTP) or its message (SMTP). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Hold the answer until this settles: the test releases it, so a race is played in a chosen order. */
  until?: Promise<unknown>;
  /** Close the connection without answering. */
  drop?: boolean;
  /** Handle the request twice (the fake's own behaviour runs twice; the second answer is sent). */
  duplicate?: boolean;
  /** A complete answer of the fake's own type, sent as it is. */
  answer?: A;
}

export interface RecordedCall<R> {
  route: string;
  request: R;
  at: number;
  /** What the service decided: the fake's own answer, a scripted one, or a fault. */
  outcome: 'answered' | 'scripted' | 'dropped';
}

/** What the wrapper must do with a request. */
export type Decision<A> =
  { kind: 'answer'; answer: A } | { kind: 'scripted'; scripted: Scripted<A> } | { kind: 'drop' };

type Rule<A> = { pattern: string; scripted: Scripted<A>; remaining: number };

const matches = (pattern: string, route: string) =>
  pattern === '*' || pattern === route || (pattern.endsWith('*') && matchesPrefix(pattern.slice(0, -1), route));

/** `* /v1/x` patterns match any method; `POST /v1/x*` a prefix of the path. */
function matchesPrefix(prefix: string, route: string): boolean {
  if (prefix.startsWith('* ')) return route.slice(route.indexOf(' ') + 1).startsWith(prefix.slice(2));
  return route.startsWith(prefix);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class FakeService<R, A> {
  /** Every request, in order: what tests assert on. */
  readonly calls: RecordedCall<R>[] = [];
  private rules: Rule<A>[] = [];

  /** The requests alone, in order. */
  get requests(): R[] {
    return this.calls.map((c) => c.request);
  }

  /** The next `answers.length` requests on `route` get these answers, one each, in order. */
  answerNext(route: string, ...answers: Scripted<A>[]): this {
    for (const scripted of answers) this.rules.push({ pattern: route, scripted, remaining: 1 });
    return this;
  }

  /** Every request on `route` gets this answer until `reset(route)`. */
  answerAlways(route: string, scripted: Scripted<A>): this {
    this.rules.push({ pattern: route, scripted, remaining: Infinity });
    return this;
  }

  /** A fault on `route`: for the next `times` requests, or every one until `reset(route)`. */
  fail(route: string, fault: Scripted<A>, { times = Infinity }: { times?: number } = {}): this {
    this.rules.push({ pattern: route, scripted: fault, remaining: times });
    return this;
  }

  /** Forgets the scripts and faults of a route (all of them without one). */
  reset(route?: string): this {
    this.rules = route === undefined ? [] : this.rules.filter((r) => r.pattern !== route);
    return this;
  }

  /**
   * Decides a request's fate: records it, then the first script or fault
   * matching its route applies (delays are waited here), else `fallback`
   * (the fake's own behaviour) answers.
   */
  async handle(route: string, request: R, fallback: () => A | Promise<A>): Promise<Decision<A>> {
    const call: RecordedCall<R> = { route, request, at: Date.now(), outcome: 'answered' };
    this.calls.push(call);
    const rule = this.rules.find((r) => r.remaining > 0 && matches(r.pattern, route));
    if (!rule) return { kind: 'answer', answer: await fallback() };
    if (--rule.remaining <= 0) this.rules.splice(this.rules.indexOf(rule), 1);
    const { scripted } = rule;
    if (scripted.delayMs) await sleep(scripted.delayMs);
    if (scripted.until) await scripted.until;
    if (scripted.drop) {
      call.outcome = 'dropped';
      return { kind: 'drop' };
    }
    if (scripted.duplicate) await fallback();
    if (scripted.answer !== undefined) {
      call.outcome = 'scripted';
      return { kind: 'answer', answer: scripted.answer };
    }
    if (scripted.status !== undefined) {
      call.outcome = 'scripted';
      return { kind: 'scripted', scripted };
    }
    return { kind: 'answer', answer: await fallback() };
  }

  /**
   * Something the fake sends to us (a webhook, an inbound message): recorded
   * like a request, and the faults of its route apply: a delay, a drop (not
   * sent at all), a duplicate (sent twice, as providers redeliver).
   */
  async deliver<T>(route: string, request: R, send: () => Promise<T>): Promise<T[]> {
    const call: RecordedCall<R> = { route, request, at: Date.now(), outcome: 'answered' };
    this.calls.push(call);
    const rule = this.rules.find((r) => r.remaining > 0 && matches(r.pattern, route));
    if (rule && --rule.remaining <= 0) this.rules.splice(this.rules.indexOf(rule), 1);
    if (rule?.scripted.delayMs) await sleep(rule.scripted.delayMs);
    if (rule?.scripted.drop) {
      call.outcome = 'dropped';
      return [];
    }
    const first = await send();
    return rule?.scripted.duplicate ? [first, await send()] : [first];
  }
}
