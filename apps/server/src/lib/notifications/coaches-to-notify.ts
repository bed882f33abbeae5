import { sql, type SQL } from 'drizzle-orm';
import { conversations } from '../../db/schema';

/**
 * Which conversations a coach is told about (decision 063): the one rule the
 * tab title's count, the browser notification and the mail digest share, as a
 * condition on `conversations` for the coach whose id is given.
 *
 * An urgent conversation (a possible crisis) is every coach's, always. Any
 * other is the coach's when it is assigned to nobody or to them (decision 061):
 * a conversation another coach has taken is theirs to be told about.
 */
export function coachesToNotify(coachId: string | SQL): SQL {
  const urgent = sql`${conversations.urgentSince} is not null`;
  const unassignedOrOwn = sql`(${conversations.assignedCoachId} is null or ${conversations.assignedCoachId} = ${coachId})`;
  return sql`(${urgent} or ${unassignedOrOwn})`;
}
