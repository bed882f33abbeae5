/** The progress feature's public surface: the member's activity figures. */
export { analyticsQueryKey, analyticsQueryOptions, useAnalytics, useRefreshAnalytics } from './api/get-analytics';
export { ProgressPanel } from './components/progress-panel';
export { ProfileStats } from './components/profile-stats';
