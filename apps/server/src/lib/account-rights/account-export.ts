import { asc, eq, or, sql } from 'drizzle-orm';
import type { AccountExportDto, Role } from '@app/shared';
import type { Database } from '../../db/client';
import {
  accounts,
  auditLog,
  betaSeats,
  planGrants,
  chatMessages,
  coachNotes,
  coachingTones,
  conversations,
  exitIntentSurveys,
  focusAreas,
  localCheckoutSessions,
  memberNotes,
  profiles,
  strategicPromptUserRatings,
  strategicPrompts,
  subscriptions,
  userReflections,
  userRoles,
  userTrackerFeedback,
  users,
  whatsappContacts,
} from '../../db/schema';
import { inMembersConversation } from '../chat/conversations';

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => d?.toISOString() ?? null;

/**
 * Everything the product holds about one member (GET /api/me/export). Every
 * query is filtered by their id, or by their own address for the public exit
 * survey, which has no account link. Tokens, password hashes and sessions are
 * left out: they are secrets, not information about the member.
 * Null when the account no longer exists.
 */
export async function exportAccount(db: Database, userId: string): Promise<AccountExportDto | null> {
  const [account] = await db.select().from(users).where(eq(users.id, userId));
  if (!account) return null;
  const byEmail = sql`lower(${exitIntentSurveys.email}) = lower(${account.email})`;

  const [
    profileRows,
    roleRows,
    methodRows,
    reflectionRows,
    ratingRows,
    feedbackRows,
    messageRows,
    subscriptionRows,
    checkoutRows,
    seatRows,
    grantRows,
    surveyRows,
    auditRows,
    contactRows,
    summaryRows,
    noteRows,
    teamNoteRows,
  ] = await Promise.all([
    db
      .select({ profile: profiles, focusArea: focusAreas.label, tone: coachingTones.title })
      .from(profiles)
      .leftJoin(focusAreas, eq(focusAreas.id, profiles.focusAreaId))
      .leftJoin(coachingTones, eq(coachingTones.id, profiles.coachingToneId))
      .where(eq(profiles.id, userId)),
    db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)).orderBy(userRoles.role),
    db
      .select({ provider: accounts.providerId, createdAt: accounts.createdAt })
      .from(accounts)
      .where(eq(accounts.userId, userId)),
    db
      .select({ reflection: userReflections, title: strategicPrompts.title })
      .from(userReflections)
      .leftJoin(strategicPrompts, eq(strategicPrompts.id, userReflections.strategicPromptId))
      .where(eq(userReflections.userId, userId))
      .orderBy(asc(userReflections.createdAt)),
    db
      .select({ rating: strategicPromptUserRatings, title: strategicPrompts.title })
      .from(strategicPromptUserRatings)
      .innerJoin(strategicPrompts, eq(strategicPrompts.id, strategicPromptUserRatings.strategicPromptId))
      .where(eq(strategicPromptUserRatings.userId, userId))
      .orderBy(asc(strategicPromptUserRatings.createdAt)),
    db.select().from(userTrackerFeedback).where(eq(userTrackerFeedback.userId, userId)),
    db
      .select()
      .from(chatMessages)
      .where(or(eq(chatMessages.senderId, userId), inMembersConversation(userId)))
      .orderBy(asc(chatMessages.createdAt)),
    db.select().from(subscriptions).where(eq(subscriptions.userId, userId)),
    db
      .select()
      .from(localCheckoutSessions)
      .where(eq(localCheckoutSessions.userId, userId))
      .orderBy(asc(localCheckoutSessions.createdAt)),
    db.select().from(betaSeats).where(eq(betaSeats.userId, userId)),
    db.select().from(planGrants).where(eq(planGrants.userId, userId)).orderBy(asc(planGrants.createdAt)),
    db.select().from(exitIntentSurveys).where(byEmail).orderBy(asc(exitIntentSurveys.createdAt)),
    db.select().from(auditLog).where(eq(auditLog.targetUserId, userId)).orderBy(asc(auditLog.createdAt)),
    db.select().from(whatsappContacts).where(eq(whatsappContacts.memberId, userId)),
    db.select({ summary: conversations.coachSummary }).from(conversations).where(eq(conversations.memberId, userId)),
    db.select().from(coachNotes).where(eq(coachNotes.memberId, userId)).orderBy(asc(coachNotes.createdAt)),
    db
      .select({ text: memberNotes.text, createdAt: memberNotes.createdAt, editedAt: memberNotes.editedAt })
      .from(memberNotes)
      .where(eq(memberNotes.memberId, userId))
      .orderBy(asc(memberNotes.createdAt)),
  ]);

  const profileRow = profileRows[0];
  const feedback = feedbackRows[0];
  const sub = subscriptionRows[0];
  const contact = contactRows[0];
  return {
    exported_at: new Date().toISOString(),
    account: {
      id: account.id,
      name: account.name,
      email: account.email,
      email_verified: account.emailVerified,
      created_at: iso(account.createdAt),
    },
    profile: profileRow
      ? {
          full_name: profileRow.profile.fullName,
          email: profileRow.profile.email,
          focus_area: profileRow.focusArea,
          coaching_tone: profileRow.tone,
          credits: profileRow.profile.credits,
          pricing_plan: profileRow.profile.pricingPlan,
          trial_conversations_used: profileRow.profile.trialConversationsUsed,
          trial_conversation_started_at: isoOrNull(profileRow.profile.trialConversationStartedAt),
          is_active: profileRow.profile.isActive,
          created_at: iso(profileRow.profile.createdAt),
          updated_at: iso(profileRow.profile.updatedAt),
        }
      : null,
    roles: roleRows.map((r) => r.role as Role),
    sign_in_methods: methodRows.map((m) => ({ provider: m.provider, created_at: iso(m.createdAt) })),
    reflections: reflectionRows.map(({ reflection, title }) => ({
      id: reflection.id,
      prompt_title: title,
      reflection_text: reflection.reflectionText,
      created_at: iso(reflection.createdAt),
    })),
    prompt_ratings: ratingRows.map(({ rating, title }) => ({
      prompt_title: title,
      rating: rating.rating,
      created_at: iso(rating.createdAt),
      updated_at: iso(rating.updatedAt),
    })),
    tracker_feedback: feedback
      ? {
          id: feedback.id,
          tracking: feedback.tracking,
          project_management_tools: feedback.projectManagementTools,
          visual_feature_preferences: feedback.visualFeaturePreferences,
          additional_thoughts: feedback.additionalThoughts,
          created_at: iso(feedback.createdAt),
          updated_at: iso(feedback.updatedAt),
        }
      : null,
    chat_messages: messageRows.map((m) => ({
      id: m.id,
      direction: m.senderId === userId ? 'sent' : 'received',
      message: m.message,
      is_admin_message: m.authorKind !== 'member',
      read_at: isoOrNull(m.readAt),
      created_at: iso(m.createdAt),
    })),
    subscription: sub
      ? {
          provider: sub.provider,
          plan_key: sub.planKey,
          billing_period: sub.billingPeriod,
          status: sub.status,
          current_period_end: isoOrNull(sub.currentPeriodEnd),
          cancel_at_period_end: sub.cancelAtPeriodEnd,
          created_at: iso(sub.createdAt),
          updated_at: iso(sub.updatedAt),
        }
      : null,
    checkouts: checkoutRows.map((c) => ({
      plan_key: c.planKey,
      billing_period: c.billingPeriod,
      created_at: iso(c.createdAt),
      paid_at: isoOrNull(c.paidAt),
    })),
    beta_place_taken_at: seatRows[0] ? iso(seatRows[0].takenAt) : null,
    plan_grants: grantRows.map((g) => ({
      plan_key: g.planKey,
      given_by_team: g.source === 'admin',
      starts_at: iso(g.startsAt),
      ends_at: iso(g.endsAt),
      created_at: iso(g.createdAt),
    })),
    exit_surveys: surveyRows.map((s) => ({
      name: s.name,
      email: s.email,
      willingness_to_pay: s.willingnessToPay,
      reason: s.reason,
      chat_preference: s.chatPreference,
      source: s.source,
      created_at: iso(s.createdAt),
    })),
    // Who the admin was is theirs, not the member's: only whether the member did it.
    audit_entries: auditRows.map((a) => ({
      action: a.action,
      by_self: a.actorId === userId,
      details: a.details,
      created_at: iso(a.createdAt),
    })),
    whatsapp_contact: contact
      ? {
          wa_id: contact.waId,
          business_scoped_user_id: contact.bsuid,
          phone: contact.phone,
          profile_name: contact.profileName,
          linked_by: contact.linkedBy,
          linked_at: isoOrNull(contact.linkedAt),
          last_message_at: isoOrNull(contact.lastInboundAt),
          created_at: iso(contact.createdAt),
        }
      : null,
    coach_memory: {
      summary: summaryRows[0]?.summary ?? null,
      notes: noteRows.map((n) => ({ text: n.text, created_at: iso(n.createdAt) })),
    },
    // Notes about the member are their personal data (decision 060); who wrote each is the team member's, left out.
    team_notes: teamNoteRows.map((n) => ({
      text: n.text,
      created_at: iso(n.createdAt),
      edited_at: isoOrNull(n.editedAt),
    })),
  };
}
