/** The audit log's public surface: a member's change history (`['admin', 'audit-log', …]`). */
export { MemberHistoryDialog } from './components/member-history-dialog';
