import { useState } from 'react';
import { useNavigate } from '@/lib/app-navigation';
import { toast } from 'sonner';
import { FREE_TRIAL_CONVERSATIONS } from '@app/shared';
import { copyLinkWithToast } from '@/lib/copy-link';
import { useMember } from '@/lib/member-api/member-api';
import { isTrialExpired, useTrackTrialUse } from '../api/track-trial-use';
import { showTrialExpiredToast } from '../lib/trial-expired-toast';

const TRIAL_STARTED = "You've started your free trial conversation. Enjoy this time with your coach.";
/** The same news inside the copy's toast, short enough for it. */
const TRIAL_STARTED_WITH_COPY = 'Your free trial conversation has started.';

/**
 * Starting a coach conversation uses the free trial (docs/product.md#connecting-to-the-coach): the
 * server counts it, and refuses once it is used. `start` resolves whether to go ahead, and says
 * "Trial Used" when it spent the trial; `startAndCopy` also copies the chat link, and says both in the
 * copy's one toast (a stack of toasts at once is read as none).
 */
export function useStartConversation(onCounted?: () => unknown) {
  const trial = useTrackTrialUse(onCounted);
  const navigate = useNavigate();
  const [expired, setExpired] = useState(false);
  const demo = useMember()?.demo ?? false;

  /** Whether to go ahead, and whether this start spent the trial. */
  const begin = async (): Promise<{ allowed: boolean; trialStarted: boolean }> => {
    try {
      const result = await trial.mutateAsync();
      // Only the start that spent the trial: copying the link again continues the same conversation.
      const trialStarted = result.basis === 'trial' && result.trial_conversations_used >= FREE_TRIAL_CONVERSATIONS;
      return { allowed: true, trialStarted };
    } catch (error) {
      if (isTrialExpired(error)) {
        setExpired(true);
        showTrialExpiredToast(demo, (to, options) => void navigate(to, options));
      } else {
        toast.error('Error', { description: 'Failed to track trial usage' });
      }
      return { allowed: false, trialStarted: false };
    }
  };

  const start = async (): Promise<boolean> => {
    const { allowed, trialStarted } = await begin();
    if (trialStarted) toast.success('Trial Used', { description: TRIAL_STARTED });
    return allowed;
  };

  const startAndCopy = async (link: string): Promise<boolean> => {
    const { allowed, trialStarted } = await begin();
    return allowed && copyLinkWithToast(link, trialStarted ? TRIAL_STARTED_WITH_COPY : undefined);
  };

  return { start, startAndCopy, pending: trial.isPending, expired, demo };
}
