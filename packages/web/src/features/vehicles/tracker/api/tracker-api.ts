import type { CommandWrite, DeviceProfile, Tracker, TrackerCommand, TrackerWrite } from '@evfleet/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../../api/http';

const trackerKey = (vehicleId: number) => ['vehicle-tracker', vehicleId] as const;
const commandsKey = (vehicleId: number) => [...trackerKey(vehicleId), 'commands'] as const;

/** The tracker's last connection is read again as often as the detail page's readings. */
const TRACKER_REFRESH_MS = 40_000;
/** While a command waits to be sent or answered, the list is read every two seconds. */
const COMMANDS_WAITING_REFRESH_MS = 2_000;

const waiting = (commands: TrackerCommand[] | undefined) =>
  commands?.some((command) => command.status === 'queued' || command.status === 'sent') ?? false;

/** GET api/vehicles/{id}/device: anyone who sees the vehicle; null id: nothing to load. */
export function useTracker(vehicleId: number | null) {
  return useQuery({
    queryKey: trackerKey(vehicleId ?? 0),
    queryFn: async ({ signal }) => (await http.get<Tracker>(`api/vehicles/${vehicleId}/device`, { signal })).data,
    enabled: vehicleId !== null,
    refetchInterval: TRACKER_REFRESH_MS,
  });
}

/** PUT api/vehicles/{id}/device (administrators and the vehicle's dealer); 409 when another vehicle has it. */
export function useSaveTracker() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ vehicleId, tracker }: { vehicleId: number; tracker: TrackerWrite }) =>
      (await http.put<Tracker>(`api/vehicles/${vehicleId}/device`, tracker)).data,
    onSuccess: (saved, { vehicleId }) => {
      client.setQueryData(trackerKey(vehicleId), saved);
      // A profile's vehicle count changed, and commands go only to a Teltonika tracker.
      return Promise.all([
        client.invalidateQueries({ queryKey: commandsKey(vehicleId) }),
        client.invalidateQueries({ queryKey: ['device-profiles'] }),
      ]);
    },
  });
}

/**
 * GET api/device-profiles: the profiles a Teltonika tracker may read by (administrators and dealers
 * choose; staff read). Silent: the form says itself when they cannot be had.
 */
export function useProfileChoices(enabled: boolean) {
  return useQuery({
    queryKey: ['device-profiles', 'choices'],
    queryFn: async ({ signal }) =>
      (await http.get<DeviceProfile[]>('api/device-profiles', { signal, silent: true })).data,
    enabled,
    staleTime: 60_000,
  });
}

/**
 * GET api/vehicles/{id}/commands, newest first: every 2 s while one is queued or sent. Silent: a
 * refusal shows in the panel instead of turning the whole page into 'Access denied'.
 */
export function useCommands(vehicleId: number, enabled: boolean) {
  return useQuery({
    queryKey: commandsKey(vehicleId),
    queryFn: async ({ signal }) =>
      (await http.get<TrackerCommand[]>(`api/vehicles/${vehicleId}/commands`, { signal, silent: true })).data,
    enabled,
    refetchInterval: (query) => (waiting(query.state.data) ? COMMANDS_WAITING_REFRESH_MS : false),
  });
}

/** POST api/vehicles/{id}/commands: sent at once to a connected tracker, else queued until it connects. */
export function useSendCommand(vehicleId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (command: CommandWrite) =>
      (await http.post<{ id: number; status: TrackerCommand['status'] }>(`api/vehicles/${vehicleId}/commands`, command))
        .data,
    onSuccess: () => client.invalidateQueries({ queryKey: commandsKey(vehicleId) }),
  });
}
