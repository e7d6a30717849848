import { displayFieldMessage } from '@evfleet/domain';
import type { FieldPath, UseFormSetError } from 'react-hook-form';
import { serverFieldErrors } from '../../api/field-errors';
import type { ZoneFormValues } from './zone-form';

/**
 * The server's field errors under the zone form's fields. Its paths reach into the body
 * ('tariff.bands[1]', 'geometry.coordinates[0]'): a band's index becomes the form's 'tariff.bands.1',
 * and every fault of the shape is the map's, which shows one message for the whole geometry.
 */
export function applyZoneFieldErrors(error: unknown, setError: UseFormSetError<ZoneFormValues>): void {
  for (const { field, message } of serverFieldErrors(error)) {
    const path = field.startsWith('geometry') ? 'geometry' : field.replace(/\[(\d+)\]/g, '.$1');
    setError(path as FieldPath<ZoneFormValues>, { type: 'server', message: displayFieldMessage(message) });
  }
}
