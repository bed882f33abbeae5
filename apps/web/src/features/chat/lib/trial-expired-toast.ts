import { toast } from 'sonner';
import { SIGN_UP_STATE } from '@/lib/sign-up-link';

const TRIAL_EXPIRED_DESCRIPTION =
  "You've used your free trial conversation. Please choose a subscription plan to continue.";

/**
 * The Trial Expired toast (docs/product.md#connecting-to-the-coach), with the way on: a plan for a
 * member, signing up for a demo visitor. Every refusal of a conversation shows this one.
 */
export function showTrialExpiredToast(demo: boolean, navigate: (to: string, options?: { state: unknown }) => void) {
  toast.error('Trial Expired', {
    description: TRIAL_EXPIRED_DESCRIPTION,
    action: demo
      ? { label: 'Sign up', onClick: () => navigate('/auth', { state: SIGN_UP_STATE }) }
      : { label: 'Choose a plan', onClick: () => navigate('/subscription') },
  });
}
