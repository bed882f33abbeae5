import { desc, eq } from 'drizzle-orm';
import { MEMBER_CONTEXT_EXCERPT, MEMBER_CONTEXT_RECENT, tierFromCredits, type MemberContextDto } from '@app/shared';
import type { Database } from '../../db/client';
import {
  coachingTones,
  focusAreas,
  profiles,
  strategicPromptUserRatings,
  strategicPrompts,
  userReflections,
  users,
  whatsappContacts,
} from '../../db/schema';
import { toContactDto } from '../whatsapp/contacts';
import { isoOrNull, lastActivitySql } from './member-activity';
import { memberBillingOf } from './member-billing';

/** Up to `max` characters, cut at a word where one is near, with an ellipsis when cut. */
function excerpt(text: string, max = MEMBER_CONTEXT_EXCERPT): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * What a coach wants beside a member's conversation (decision 060): who they are,
 * what they asked coaching to be about and how, their plan, their WhatsApp, and
 * their latest reflections and ratings. Null when there is no such member.
 */
export async function memberContextOf(
  db: Database,
  memberId: string,
  now = new Date(),
): Promise<MemberContextDto | null> {
  const [[row], billing, reflections, ratings] = await Promise.all([
    db
      .select({
        profile: profiles,
        email: users.email,
        focusLabel: focusAreas.label,
        focusDescription: focusAreas.description,
        toneTitle: coachingTones.title,
        toneDescription: coachingTones.subtitle,
        whatsapp: whatsappContacts,
        lastActive: lastActivitySql(profiles.id),
      })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.id))
      .leftJoin(focusAreas, eq(focusAreas.id, profiles.focusAreaId))
      .leftJoin(coachingTones, eq(coachingTones.id, profiles.coachingToneId))
      .leftJoin(whatsappContacts, eq(whatsappContacts.memberId, profiles.id))
      .where(eq(profiles.id, memberId)),
    memberBillingOf(db, memberId, now),
    db
      .select({ reflection: userReflections, title: strategicPrompts.title })
      .from(userReflections)
      .leftJoin(strategicPrompts, eq(strategicPrompts.id, userReflections.strategicPromptId))
      .where(eq(userReflections.userId, memberId))
      .orderBy(desc(userReflections.createdAt))
      .limit(MEMBER_CONTEXT_RECENT),
    db
      .select({
        rating: strategicPromptUserRatings.rating,
        at: strategicPromptUserRatings.updatedAt,
        title: strategicPrompts.title,
      })
      .from(strategicPromptUserRatings)
      .innerJoin(strategicPrompts, eq(strategicPrompts.id, strategicPromptUserRatings.strategicPromptId))
      .where(eq(strategicPromptUserRatings.userId, memberId))
      .orderBy(desc(strategicPromptUserRatings.updatedAt))
      .limit(MEMBER_CONTEXT_RECENT),
  ]);
  if (!row || !billing) return null;
  const { profile } = row;
  return {
    member_id: profile.id,
    full_name: profile.fullName,
    email: row.email,
    joined_at: profile.createdAt.toISOString(),
    is_active: profile.isActive,
    focus_area: row.focusLabel ? { label: row.focusLabel, description: row.focusDescription } : null,
    coaching_tone: row.toneTitle ? { title: row.toneTitle, description: row.toneDescription } : null,
    credits: profile.credits,
    credit_tier: tierFromCredits(profile.credits),
    billing,
    whatsapp: row.whatsapp ? toContactDto(row.whatsapp) : null,
    recent_reflections: reflections.map(({ reflection, title }) => ({
      id: reflection.id,
      prompt_title: title,
      excerpt: excerpt(reflection.reflectionText),
      created_at: reflection.createdAt.toISOString(),
    })),
    recent_ratings: ratings.map((r) => ({ prompt_title: r.title, rating: r.rating, updated_at: r.at.toISOString() })),
    last_active_at: isoOrNull(row.lastActive),
  };
}
