/** The programme as coaches see it: a member's check-ins panel (`['admin', 'members', id, 'checkins']`). */
export { MemberCheckinsPanel } from './components/member-checkins-panel';
