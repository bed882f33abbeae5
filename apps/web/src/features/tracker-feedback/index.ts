/** The tracker-feedback feature's public surface: the member's one answer about progress tracking. */
export { trackerFeedbackQueryKey, trackerFeedbackQueryOptions } from './api/tracker-feedback';
export { TrackerFeedbackCard } from './components/tracker-feedback-card';
