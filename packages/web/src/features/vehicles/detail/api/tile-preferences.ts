import { detailTilesSchema, PREFERENCES, type DetailTiles } from '@evfleet/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../api/http';

const KEY = 'vehicleDetailTiles';
const PATH = `api/account/preferences/${KEY}`;
const queryKey = ['preferences', KEY] as const;

/** The signed-in user's tile choices (GET api/account/preferences/vehicleDetailTiles; never stored: the defaults). */
export function useTilePreferences() {
  return useQuery({
    queryKey,
    queryFn: async ({ signal }) => detailTilesSchema.parse((await http.get<{ value: unknown }>(PATH, { signal })).data.value ?? {}),
    placeholderData: PREFERENCES[KEY].default,
    staleTime: Infinity,
  });
}

/** Stores the choices at once (PUT), showing them before the server answers; a failure puts the old ones back. */
export function useSaveTilePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tiles: DetailTiles) => http.put(PATH, { value: tiles }),
    onMutate: async (tiles) => {
      await client.cancelQueries({ queryKey });
      const before = client.getQueryData<DetailTiles>(queryKey);
      client.setQueryData(queryKey, tiles);
      return { before };
    },
    onError: (_error, _tiles, context) => client.setQueryData(queryKey, context?.before),
  });
}
