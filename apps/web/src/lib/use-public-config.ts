import { useQuery } from '@tanstack/react-query';
import { loadConfig } from './bot-check';

/** The server's public settings (GET /api/config), read once per page load; undefined until they arrive. */
export function usePublicConfig() {
  return useQuery({ queryKey: ['public-config'], queryFn: loadConfig, staleTime: Infinity }).data;
}
