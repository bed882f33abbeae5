/** The tracker-feedback feature's public surface: the member's one answer about progress tracking. */
export { TrackerFeedbackCard } from './components/tracker-feedback-card';
