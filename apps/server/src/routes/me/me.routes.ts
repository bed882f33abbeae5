import { and, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  findPlanByKey,
  findPlanByName,
  profileUpdateSchema,
  type ApiErrorBody,
  type BetaPlacesDto,
  type FieldErrors,
  type MemberPlanDto,
  type ProfileDto,
  type RolesDto,
} from '@app/shared';
import type { AppDeps } from '../../app-deps';
import type { AppEnv } from '../../app-env';
import { coachingTones, focusAreas, profiles, users } from '../../db/schema';
import { routeAccess } from '../../middleware/access';
import { invalidInput, validate } from '../../middleware/validate';
import { activeSubscriptionOf } from '../../lib/billing/subscriptions';
import {
  BETA_FULL_CODE,
  betaFullMessage,
  betaSeatsLeft,
  forgetBetaPlaces,
  holdsBetaSeat,
  releaseBetaSeat,
  takeBetaSeat,
} from '../../lib/billing/beta-seats';

import { jsonText } from '../../lib/http/json-text';
import { memberPlanOf } from '../../lib/billing/member-plan';
import {
  claimExitOffer,
  EXIT_OFFER_NOT_CLAIMED_MESSAGE,
  exitOfferOverMessage,
  type ExitOfferClaim,
} from '../../lib/billing/exit-offer';

const FREE_BETA_PLAN_NAME = findPlanByKey('free_beta')!.name;
const EXIT_OFFER_PLAN_NAME = findPlanByKey('thirty_day_free')!.name;

/** Thrown inside the profile transaction to undo it when the beta has no place left. */
class BetaFull extends Error {}
/** Thrown inside the profile transaction to undo it when the exit offer gives nothing to this member. */
class NoExitOffer extends Error {
  constructor(readonly claim: Exclude<ExitOfferClaim, { outcome: 'granted' | 'held' }>) {
    super(claim.outcome);
  }
}
import { profileDtoJson, toProfileDto } from './profile-dto';

/** The signed-in member's own data; every query is filtered by the session's user id. */
export function meRoutes(deps: AppDeps) {
  const { db, config } = deps;
  const access = routeAccess(deps);
  // One single-row statement, prepared, answering the DTO's JSON; the session
  // check before it is usually served from memory (decision 040).
  const profileJsonById = db
    .select({ json: profileDtoJson })
    .from(profiles)
    .where(eq(profiles.id, sql.placeholder('id')))
    .prepare('calm_profile_json_by_id');
  return (
    new Hono<AppEnv>()
      // The roles came with the session check (decisions 016 and 040).
      .get('/roles', access.member, (c) => {
        const body: RolesDto = [...c.get('roles')];
        return c.json(body);
      })
      // Whether the plan picker may still offer Free Beta Access (BETA_SEATS places).
      .get('/beta-place', access.member, async (c) => {
        const userId = c.get('user').id;
        const [left, holding] = await Promise.all([betaSeatsLeft(db, config.betaSeats), holdsBetaSeat(db, userId)]);
        const body: BetaPlacesDto = { seats: config.betaSeats, left, holding };
        return c.json(body);
      })
      // The plan the member holds: what decides their access, and what every screen names (decision 065).
      .get('/plan', access.member, async (c) => {
        const body: MemberPlanDto = await memberPlanOf(db, c.get('user').id);
        return c.json(body);
      })
      // Read on every page of the member area.
      .get('/profile', access.member, async (c) => {
        const [row] = await profileJsonById.execute({ id: c.get('user').id });
        if (!row) return c.json({ error: 'Profile not found' }, 404);
        // What c.json(toProfileDto(row)) would send.
        return jsonText<ProfileDto>(c, row.json);
      })
      .patch('/profile', access.member, validate('json', profileUpdateSchema), async (c) => {
        const userId = c.get('user').id;
        const input = c.req.valid('json');
        const fieldErrors: FieldErrors = {};

        if (input.focus_area_id) {
          const [area] = await db
            .select({ id: focusAreas.id })
            .from(focusAreas)
            .where(and(eq(focusAreas.id, input.focus_area_id), eq(focusAreas.isActive, true)));
          if (!area) fieldErrors.focus_area_id = ['Unknown focus area'];
        }
        if (input.coaching_tone_id) {
          const [tone] = await db
            .select({ id: coachingTones.id })
            .from(coachingTones)
            .where(and(eq(coachingTones.id, input.coaching_tone_id), eq(coachingTones.isActive, true)));
          if (!tone) fieldErrors.coaching_tone_id = ['Unknown coaching tone'];
        }
        if (input.pricing_plan !== undefined) {
          const plan = findPlanByName(input.pricing_plan);
          if (plan && !plan.free) {
            // A paid plan only when the member's own live subscription pays for it.
            const sub = await activeSubscriptionOf(db, userId);
            if (!sub || findPlanByKey(sub.planKey)?.key !== plan.key)
              fieldErrors.pricing_plan = ['A paid plan needs an active subscription to it'];
          }
        }
        if (Object.keys(fieldErrors).length) return invalidInput(c, fieldErrors);

        const row = await db
          .transaction(async (tx) => {
            // Free Beta Access holds one of the limited places; choosing another plan gives it back.
            if (input.pricing_plan === FREE_BETA_PLAN_NAME) {
              if ((await takeBetaSeat(tx, userId, config.betaSeats)) === 'full') throw new BetaFull();
            } else if (input.pricing_plan !== undefined) {
              await releaseBetaSeat(tx, userId);
            }
            // The exit-intent offer's plan is a grant of 30 days from sign-up, for the member who claimed it.
            if (input.pricing_plan === EXIT_OFFER_PLAN_NAME) {
              const claim = await claimExitOffer(tx, userId);
              if (claim.outcome === 'not_claimed' || claim.outcome === 'over') throw new NoExitOffer(claim);
            }
            const [updated] = await tx
              .update(profiles)
              .set({
                ...(input.full_name !== undefined && { fullName: input.full_name }),
                ...(input.focus_area_id !== undefined && { focusAreaId: input.focus_area_id }),
                ...(input.coaching_tone_id !== undefined && { coachingToneId: input.coaching_tone_id }),
                ...(input.pricing_plan !== undefined && { pricingPlan: input.pricing_plan }),
                updatedAt: new Date(),
              })
              .where(eq(profiles.id, userId))
              .returning();
            // The account keeps the same name as the profile (the session and mails use it).
            if (updated && input.full_name !== undefined) {
              await tx.update(users).set({ name: input.full_name, updatedAt: new Date() }).where(eq(users.id, userId));
            }
            return updated;
          })
          .catch((error: unknown) => {
            if (error instanceof BetaFull) return 'beta_full' as const;
            if (error instanceof NoExitOffer) return error.claim;
            throw error;
          });
        // The public pages show the places left (decision 038).
        if (input.pricing_plan !== undefined) forgetBetaPlaces(db);
        if (row === 'beta_full') {
          const refusal: ApiErrorBody = { error: betaFullMessage(config.betaSeats), code: BETA_FULL_CODE };
          return c.json(refusal, 409);
        }
        if (row && 'outcome' in row) {
          return invalidInput(c, {
            pricing_plan: [
              row.outcome === 'over' ? exitOfferOverMessage(row.endsAt) : EXIT_OFFER_NOT_CLAIMED_MESSAGE,
            ],
          });
        }
        if (!row) return c.json({ error: 'Profile not found' }, 404);
        return c.json(toProfileDto(row));
      })
  );
}
