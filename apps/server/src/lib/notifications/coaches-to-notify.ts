import { sql, type SQL } from 'drizzle-orm';
import { conversations } from '../../db/schema';

/**
 * Which conversations a coach is told about (decision 063): the one rule the
 * tab title's count, the browser notification and the mail digest share, as a
 * condition on `conversations` for the coach whose id is given.
 *
 * An urgent conversation (a possible crisis) is every coach's, always. Any
 * other is the coach's when it is assigned to nobody or to them; while
 * conversations have no assignee, that is every conversation.
 */
export function coachesToNotify(_coachId: string | SQL): SQL {
  const urgent = sql`${conversations.urgentSince} is not null`;
  const unassignedOrOwn = sql`true`;
  return sql`(${urgent} or ${unassignedOrOwn})`;
}
