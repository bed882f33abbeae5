import type { AuditAction } from '@app/shared';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';

export interface AuditEntry {
  actorId: string | null;
  /** One of the shared list, which the admin's audit view describes in words. */
  action: AuditAction;
  targetUserId: string | null;
  details?: Record<string, unknown>;
}

/** Takes the transaction the change runs in, so the record and the change land together. */
export async function recordAudit(db: Pick<Database, 'insert'>, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({ ...entry, details: entry.details ?? {} });
}
