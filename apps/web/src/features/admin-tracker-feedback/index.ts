export { TrackerFeedbackScreen } from './components/tracker-feedback-screen';
export { TrackerFeedbackDetailsDialog } from './components/tracker-feedback-details-dialog';
