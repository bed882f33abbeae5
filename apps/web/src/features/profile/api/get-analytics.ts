import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileAnalyticsDto } from '@app/shared';
import { api, read } from '@/lib/api';
import { computeDemoAnalytics } from '@/lib/demo/demo-analytics';
import { DEMO_USER_ID, readDemoReflections, readDemoUser } from '@/lib/demo/demo-store';

export const getAnalytics = (): Promise<ProfileAnalyticsDto> => read(api.me.analytics.$get());

/** GET /api/me/analytics; for the demo, computed from what the visitor stored in this browser. */
export const analyticsQueryOptions = (userId: string | undefined) =>
  queryOptions({
    queryKey: ['me', userId, 'analytics'],
    queryFn: () =>
      userId === DEMO_USER_ID
        ? Promise.resolve(computeDemoAnalytics(readDemoUser(), readDemoReflections()))
        : getAnalytics(),
    enabled: Boolean(userId),
  });

export function useAnalytics(userId: string | undefined) {
  return useQuery(analyticsQueryOptions(userId));
}
