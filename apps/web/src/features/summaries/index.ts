/** The weekly summaries feature's public surface: "Your week" on the dashboard and the admin's "Last summary". */
export { WeeklySummaryCard } from './components/weekly-summary-card';
export { AdminLastSummary } from './components/admin-last-summary';
