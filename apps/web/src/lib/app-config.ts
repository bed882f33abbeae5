import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api';

/** Public facts about this deployment, from GET /api/config. */
export interface AppConfig {
  googleSignIn: boolean;
  whatsappNumber: string;
  localMode: boolean;
}

export const getAppConfig = (): Promise<AppConfig> => api.get<AppConfig>('/api/config');

export const appConfigQueryOptions = () =>
  queryOptions({ queryKey: ['app-config'], queryFn: getAppConfig, staleTime: Infinity });

export function useAppConfig() {
  return useQuery(appConfigQueryOptions());
}
