import type { AppDeps } from '../../../app-deps';
import type { AutomationReplyDeps } from '../../coach/send-automation-reply';

/**
 * What the step tasks work with: the database, the configuration and the
 * coach's model (to tailor a step, when one is configured), and what posting a
 * step in the member's conversation needs (sendAutomationReply).
 */
export type StepDeps = Pick<AppDeps, 'db' | 'config' | 'logger' | 'coachModel'> & {
  realtime: Pick<AppDeps['realtime'], 'publish'>;
  /** What posting in the conversation needs of the bridge (a tapped quick reply brings the coach's part). */
  whatsapp: AutomationReplyDeps['whatsapp'];
};

/** What choosing and wording a step needs, without posting anything (the reminder composer's deps). */
export type StepChoiceDeps = Pick<AppDeps, 'db' | 'config' | 'logger' | 'coachModel'>;
