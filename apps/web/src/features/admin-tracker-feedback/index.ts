export { TrackerFeedbackScreen } from './components/tracker-feedback-screen';
