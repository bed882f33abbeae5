/** The check-ins feature's public surface: the dashboard's chart card (`['me', userId, 'checkins', 30]`). */
export { useRefreshCheckins } from './api/checkins';
export { CheckinCard } from './components/checkin-card';
