import type { Database } from '../../db/client';
import type { CoachConfig } from '../../env';
import type { Logger } from '../logger';
import type { RealtimeHub } from '../realtime/hub';
import type { WhatsAppBridge } from '../whatsapp/bridge';
import type { CoachModel } from './model/model-types';

/** What the coach's pipeline works with (built once in server.ts; tests build their own). */
export interface CoachDeps {
  db: Database;
  realtime: Pick<RealtimeHub, 'publish'>;
  whatsapp: Pick<WhatsAppBridge, 'api' | 'replyTemplate'>;
  /** The language model, behind its circuit breaker; null: the scripted coach answers. */
  model: CoachModel | null;
  config: CoachConfig;
  /** Where the team's alert mails point (the admin inbox). */
  inboxUrl: string;
  logger: Logger;
  now?: () => Date;
}

/** The deps sendAutomationReply takes, from the pipeline's. */
export const replyDeps = (deps: Pick<CoachDeps, 'db' | 'realtime' | 'whatsapp' | 'config'>) => ({
  db: deps.db,
  realtime: deps.realtime,
  whatsapp: deps.whatsapp,
  defaultMode: deps.config.defaultMode,
});
