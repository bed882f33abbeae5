/** The admin overview's public surface: figures, charts and recent activity (`['admin', 'overview']`). */
export { OverviewScreen } from './components/overview-screen';
