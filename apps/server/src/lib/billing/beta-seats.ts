import { count, eq, sql } from 'drizzle-orm';
import type { BetaPlaces } from '@app/shared';
import type { Database, Tx } from '../../db/client';
import { betaSeats } from '../../db/schema';

export type BetaSeatClaim = 'taken' | 'held' | 'full';

export const BETA_FULL_CODE = 'beta_full';
export const betaFullMessage = (seats: number) =>
  `Free Beta Access is full: all ${seats} places have been taken. You stay on your current plan.`;

/**
 * Takes one of the `seats` Free Beta Access places for the member, inside the
 * caller's transaction. The table lock (SHARE ROW EXCLUSIVE conflicts with
 * itself) makes claims take turns, so the count read here is still true when
 * the row is written: at most `seats` members ever hold one.
 */
export async function takeBetaSeat(tx: Tx, userId: string, seats: number): Promise<BetaSeatClaim> {
  await tx.execute(sql`lock table ${betaSeats} in share row exclusive mode`);
  const [held] = await tx.select({ userId: betaSeats.userId }).from(betaSeats).where(eq(betaSeats.userId, userId));
  if (held) return 'held';
  const [taken] = await tx.select({ n: count() }).from(betaSeats);
  if (taken!.n >= seats) return 'full';
  await tx.insert(betaSeats).values({ userId });
  return 'taken';
}

/** Gives the member's place back (they chose another plan), so someone else may take it. */
export async function releaseBetaSeat(tx: Tx, userId: string): Promise<void> {
  await tx.delete(betaSeats).where(eq(betaSeats.userId, userId));
}

export async function holdsBetaSeat(db: Database | Tx, userId: string): Promise<boolean> {
  const [row] = await db.select({ userId: betaSeats.userId }).from(betaSeats).where(eq(betaSeats.userId, userId));
  return Boolean(row);
}

export async function betaSeatsLeft(db: Database, seats: number): Promise<number> {
  const [taken] = await db.select({ n: count() }).from(betaSeats);
  return Math.max(0, seats - taken!.n);
}

/**
 * How long the public pages may show a count read earlier (decision 038). A
 * place taken through this instance shows at once (`forgetBetaPlaces`); one
 * taken through another instance sharing the database, within this time.
 */
const PUBLIC_FIGURES_MAX_AGE_MS = 5_000;

interface CachedFigures {
  read: Promise<BetaPlaces>;
  at: number;
}
const publicFigures = new WeakMap<Database, CachedFigures>();

/** The places' figures every served page carries: one count query per few seconds, whatever the traffic. */
export function publicBetaPlaces(db: Database, seats: number, now = Date.now()): Promise<BetaPlaces> {
  const cached = publicFigures.get(db);
  if (cached && now - cached.at < PUBLIC_FIGURES_MAX_AGE_MS) return cached.read;
  const read = betaSeatsLeft(db, seats).then((left) => ({ seats, left }));
  publicFigures.set(db, { read, at: now });
  // A failed read is not kept: the next page asks again.
  read.catch(() => {
    if (publicFigures.get(db)?.read === read) publicFigures.delete(db);
  });
  return read;
}

/** After a place was taken or given back: the next page reads the count again. */
export function forgetBetaPlaces(db: Database): void {
  publicFigures.delete(db);
}
