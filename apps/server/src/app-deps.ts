import type { Config } from './env';
import type { Database, DatabaseDriver } from './db/client';
import type { AccountCache } from './lib/accounts/account-cache';
import type { Auth } from './lib/auth/auth';
import type { Logger } from './lib/logger';
import type { RealtimeHub } from './lib/realtime/hub';
import type { AppPaymentProvider } from './lib/payments/create-payment-provider';
import type { WhatsAppBridge } from './lib/whatsapp/bridge';
import type { BridgeMonitor } from './lib/whatsapp/bridge-monitor';
import type { CoachModel } from './lib/coach/model/model-types';
import type { SettableClock } from './lib/programme/clock';

/** Everything the routes need, built once at start-up (or per test). */
export interface AppDeps {
  config: Config;
  db: Database;
  driver: DatabaseDriver;
  /** The health check's one cheap query (DatabaseHandle.ping). */
  pingDatabase: () => Promise<void>;
  auth: Auth;
  /** This instance's memory of who is behind a session token, forgotten on the database's word (decision 040). */
  accountCache: AccountCache;
  logger: Logger;
  version: string;
  /** Stripe, the local provider (local mode), or null in production without Stripe. */
  payments: AppPaymentProvider | null;
  /** The WebSocket clients of this instance and the bus to the others (lib/realtime). */
  realtime: RealtimeHub;
  /** The WhatsApp bridge: who sends, and the secrets its webhook is verified with (decision 056). */
  whatsapp: WhatsAppBridge;
  /** The bridge's state from its last check, for /api/health (lib/whatsapp/bridge-monitor.ts). */
  whatsappMonitor: Pick<BridgeMonitor, 'state'>;
  /** The AI coach's language model (behind its circuit breaker), or null: the scripted coach (decision 057). */
  coachModel: CoachModel | null;
  /** The coaching programme (decision 058): its clock, a scheduling pass on demand, the unsubscribe links' secret. */
  programme: {
    clock: SettableClock;
    runSchedulingPass(): Promise<number>;
    unsubscribeSecret: string;
  };
}
