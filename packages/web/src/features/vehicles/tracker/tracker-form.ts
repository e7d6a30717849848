import { trackerWriteSchema, type Tracker, type TrackerWrite } from '@evfleet/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';

export const TRACKER_CHOICES = ['none', 'teltonika', 'osmand'] as const;
export type TrackerChoice = (typeof TRACKER_CHOICES)[number];

/** The tracker form as typed: one identifier field for either protocol, the profile as the select's text. */
export interface TrackerForm {
  protocol: TrackerChoice;
  identifier: string;
  /** '' is the built-in profile. */
  profileId: string;
}

/** The typed fields as the request, checked by the domain's tracker schema (the IMEI's Luhn check, the phone id's length). */
export const trackerFormSchema = z
  .object({ protocol: z.enum(TRACKER_CHOICES), identifier: z.string(), profileId: z.string() })
  .transform(({ protocol, identifier, profileId }): z.input<typeof trackerWriteSchema> => {
    if (protocol === 'none') return { protocol };
    if (protocol === 'osmand') return { protocol, identifier };
    return { protocol, identifier, profileId: profileId ? Number(profileId) : null };
  })
  .pipe(trackerWriteSchema);

export const trackerFormOf = (tracker: Tracker | undefined): TrackerForm => ({
  protocol: tracker?.protocol ?? 'none',
  identifier: tracker?.identifier ?? '',
  profileId: tracker?.profileId ? String(tracker.profileId) : '',
});

/**
 * The vehicle form's tracker fields, checked as they are left: a wrong check digit shows before Save.
 * The vehicle form brings its first field in error into view (useFocusFirstError), these included.
 */
export const useTrackerForm = (tracker: Tracker | undefined) =>
  useForm<TrackerForm, unknown, TrackerWrite>({
    resolver: zodResolver(trackerFormSchema),
    defaultValues: trackerFormOf(tracker),
    mode: 'onTouched',
    shouldFocusError: false,
  });

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Bytes at or above this would favour the first letters (256 is no multiple of 62): they are drawn again. */
const FAIR_BELOW = 256 - (256 % ALPHABET.length);
/** The length of the ids the form proposes: well past the 16 the server asks for (docs/devices.md). */
export const PHONE_ID_LENGTH = 20;

/**
 * A phone's device identifier for Traccar Client: the only credential the OsmAnd protocol sends, so
 * drawn from the browser's cryptographic generator, each character one of 62, without bias.
 */
export function randomPhoneId(length = PHONE_ID_LENGTH): string {
  let id = '';
  while (id.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      if (byte < FAIR_BELOW && id.length < length) id += ALPHABET[byte % ALPHABET.length];
    }
  }
  return id;
}

/** The listeners' default ports (docs/devices.md, the ones Traccar uses): a deployment may move them. */
export const TELTONIKA_DEFAULT_PORT = 5027;
export const OSMAND_DEFAULT_PORT = 5055;
