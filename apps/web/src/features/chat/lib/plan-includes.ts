import { format } from 'date-fns';
import type { ConversationAccessDto } from '@app/shared';

/**
 * What the member's plan includes, said plainly where they start a
 * conversation (decision 023): nobody on a free plan meets a limit they were
 * not told about.
 */
export function planIncludes(access: ConversationAccessDto): string {
  switch (access.basis) {
    case 'subscription':
      return 'Your subscription includes unlimited conversations with your coach.';
    case 'grant':
      return 'Your plan includes unlimited conversations with your coach until it ends.';
    case 'beta':
      return 'Your Free Beta Access place includes unlimited conversations during the beta.';
    case 'trial':
      return 'Your plan includes one free conversation with your coach. If the link does not open, copy it again within 24 hours: it is the same conversation.';
    case 'trial_continues':
      return `Your free conversation continues until ${format(new Date(access.trial_continues_until!), "d MMMM 'at' HH:mm")}: copying the link again until then is free.`;
    case 'none':
      return "You've used your free conversation. Choose a subscription plan to keep talking with your coach.";
  }
}
