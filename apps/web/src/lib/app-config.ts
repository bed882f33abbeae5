import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppConfigDto } from '@app/shared';
import { api, read } from './api';

/** Public facts about this deployment, from GET /api/config. */
const getAppConfig = (): Promise<AppConfigDto> => read(api.config.$get());

const appConfigQueryOptions = () =>
  queryOptions({ queryKey: ['app-config'], queryFn: getAppConfig, staleTime: Infinity });

export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}
