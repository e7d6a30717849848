import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from './http';

/** GET management/info (public): the "application profile" of §2.3 and §9. */
export interface ProfileInfo {
  activeProfiles: string[];
  'display-ribbon-on-profiles'?: string;
  build?: { version?: string };
  /** An identity provider's sign-out address, when the server has one configured. */
  logoutUrl?: string;
  /** A tile server for the maps (MAP_TILE_URL); without it they draw only the bundled outlines. */
  mapTileUrl?: string;
  mapTileAttribution?: string;
  /** The street basemap's PMTiles archive (MAP_PMTILES), a path on the API base; without it the maps draw no streets. */
  mapPmtilesUrl?: string;
}

/** GET api/app-info: the menu footer's versions; the last three only for 'Roles And Permission'. */
export interface AppInfo {
  appVersion: string;
  backendVersion: string;
  /** The trackers' listeners' ports on this server; null where a protocol is off. */
  trackerPorts?: { teltonika: number | null; teltonikaTls: number | null; osmand: number | null };
  codeVersion?: string;
  databaseSource?: string;
  signalSource?: string;
}

/** Fetched once at start (§2.3); silent, since the portal works without it. */
export const profileQuery = queryOptions({
  queryKey: ['profile'],
  queryFn: async () => (await http.get<ProfileInfo>('management/info', { silent: true })).data,
  staleTime: Infinity,
});

export function useProfile() {
  return useQuery(profileQuery);
}

/** The environment ribbon (§9): shown when the profile to flag is one of the active profiles. */
export function ribbonLabel(profile: ProfileInfo | undefined): string | undefined {
  const ribbon = profile?.['display-ribbon-on-profiles'];
  return ribbon && profile?.activeProfiles.includes(ribbon) ? ribbon : undefined;
}

export function useAppInfo(enabled: boolean) {
  return useQuery({
    queryKey: ['app-info'],
    queryFn: async () => (await http.get<AppInfo>('api/app-info')).data,
    enabled,
    staleTime: 5 * 60_000,
  });
}
