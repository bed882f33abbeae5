import { describe, expect, it } from 'vitest';
import type { ConversationAccessDto, SubscriptionStatusDto } from '@app/shared';
import { trialState } from './trial-state';

const free: SubscriptionStatusDto = {
  subscribed: false,
  subscription_tier: null,
  subscription_end: null,
  cancel_at_period_end: false,
  billing_period: null,
};
const access = (basis: ConversationAccessDto['basis'], used: number) =>
  ({ basis, trial_conversations_used: used, trial_continues_until: null }) as unknown as ConversationAccessDto;

describe('trialState', () => {
  it('never tells a Free Beta Access holder that their access ran out or is one conversation', () => {
    expect(trialState(free, access('beta', 0)).detail).toContain('full coaching access');
    const used = trialState(free, access('beta', 1));
    expect(used.label).toBe('Trial Used');
    expect(used.detail).toContain('full coaching access');
  });

  it('says Trial Expired only when nothing else lets the member talk', () => {
    expect(trialState(free, access('none', 1)).label).toBe('Trial Expired');
    expect(trialState(free, access('trial', 0))).toMatchObject({ label: 'Free Trial Available' });
  });
});
