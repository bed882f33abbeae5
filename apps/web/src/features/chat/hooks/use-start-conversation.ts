import { useState } from 'react';
import { useNavigate } from '@/lib/app-navigation';
import { toast } from 'sonner';
import { FREE_TRIAL_CONVERSATIONS } from '@app/shared';
import { useMember } from '@/lib/member-api/member-api';
import { isTrialExpired, useTrackTrialUse } from '../api/track-trial-use';
import { showTrialExpiredToast } from '../lib/trial-expired-toast';

/**
 * Starting a coach conversation uses the free trial (docs/product.md#connecting-to-the-coach): the
 * server counts it, and refuses once it is used. Resolves whether to go ahead.
 */
export function useStartConversation(onCounted?: () => unknown) {
  const trial = useTrackTrialUse(onCounted);
  const navigate = useNavigate();
  const [expired, setExpired] = useState(false);
  const demo = useMember()?.demo ?? false;

  const start = async (): Promise<boolean> => {
    try {
      const result = await trial.mutateAsync();
      // Only the start that spent the trial: copying the link again continues the same conversation.
      if (result.basis === 'trial' && result.trial_conversations_used >= FREE_TRIAL_CONVERSATIONS) {
        toast.success('Trial Used', {
          description: "You've started your free trial conversation. Enjoy this time with your coach.",
        });
      }
      return true;
    } catch (error) {
      if (isTrialExpired(error)) {
        setExpired(true);
        showTrialExpiredToast(demo, (to, options) => void navigate(to, options));
      } else {
        toast.error('Error', { description: 'Failed to track trial usage' });
      }
      return false;
    }
  };

  return { start, pending: trial.isPending, expired, demo };
}
