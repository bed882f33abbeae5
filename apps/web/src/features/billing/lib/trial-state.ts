import type { ConversationAccessDto, SubscriptionStatusDto } from '@app/shared';
import { format } from 'date-fns';

export type TrialLabel = 'Free Trial Available' | 'Trial Used' | 'Trial Expired';

/**
 * The trial state of the subscription page (docs/product.md#subscription): Free
 * Trial Available while none is used; Trial Used once used by a subscriber,
 * or by a Free Beta Access holder, or while the trial conversation still
 * continues (decision 023); Trial Expired once used by anyone else, whom
 * nothing else lets talk (decision 034). The sentence says what that means.
 */
export function trialState(
  subscription: SubscriptionStatusDto,
  access: ConversationAccessDto,
): { label: TrialLabel; detail: string } {
  // What a Free Beta Access place gives, said the same way on every screen (decision 034).
  const betaDetail = 'Your Free Beta Access place gives you full coaching access during the beta.';
  const grantDetail = 'Your plan gives you full coaching access until it ends (see Your plan on your profile).';
  if (access.trial_conversations_used === 0) {
    return {
      label: 'Free Trial Available',
      detail: subscription.subscribed
        ? 'Your subscription includes unlimited conversations.'
        : access.basis === 'beta'
          ? betaDetail
          : access.basis === 'grant'
            ? grantDetail
          : 'Your plan includes one free coaching conversation. Start it from your dashboard.',
    };
  }
  if (subscription.subscribed) {
    return { label: 'Trial Used', detail: 'Your subscription includes unlimited conversations.' };
  }
  if (access.basis === 'trial_continues' && access.trial_continues_until) {
    return {
      label: 'Trial Used',
      detail: `Your free conversation continues until ${format(new Date(access.trial_continues_until), "d MMMM 'at' HH:mm")}: copying your chat link again until then is free.`,
    };
  }
  // Not "Trial Expired": a beta place still lets the member talk, so nothing has run out.
  if (access.basis === 'beta') return { label: 'Trial Used', detail: betaDetail };
  if (access.basis === 'grant') return { label: 'Trial Used', detail: grantDetail };
  return {
    label: 'Trial Expired',
    detail: "You've used your free trial conversation. Please choose a subscription plan to continue.",
  };
}
