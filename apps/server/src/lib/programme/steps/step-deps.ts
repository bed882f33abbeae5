import type { AppDeps } from '../../../app-deps';

/**
 * What the step tasks work with: the database, the configuration and the
 * coach's model (to tailor a step, when one is configured), and what posting a
 * step in the member's conversation needs (sendAutomationReply).
 */
export type StepDeps = Pick<AppDeps, 'db' | 'config' | 'logger' | 'coachModel' | 'realtime' | 'whatsapp'>;

/** What choosing and wording a step needs, without posting anything (the reminder composer's deps). */
export type StepChoiceDeps = Pick<AppDeps, 'db' | 'config' | 'logger' | 'coachModel'>;
