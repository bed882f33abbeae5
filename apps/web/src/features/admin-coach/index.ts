/** The AI coach's settings (decision 057): the global mode, the kill switch, what it runs on. Admin only. */
export { CoachSettingsScreen } from './components/coach-settings-screen';
