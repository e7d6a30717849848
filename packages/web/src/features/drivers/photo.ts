import { IMAGE_TYPES } from '@evfleet/domain';

/** The first bytes of the base64 image formats a browser shows; anything else is sent as PNG and sniffed. */
const SIGNATURES: [prefix: string, type: string][] = [
  ['/9j/', 'image/jpeg'],
  ['iVBOR', 'image/png'],
  ['R0lGOD', 'image/gif'],
  ['SUkq', 'image/tiff'],
  ['TU0A', 'image/tiff'],
];

/** A driver's photo (the `data` of api/file/upload, plain base64 or already a data URL) as an img src. */
export function photoSrc(data: string | null | undefined): string | undefined {
  if (!data) return undefined;
  if (data.startsWith('data:')) return data;
  const type = SIGNATURES.find(([prefix]) => data.startsWith(prefix))?.[1] ?? 'image/png';
  return `data:${type};base64,${data}`;
}

/** §5: the driver image upload accepts .jpeg, .jpg, .png, .gif, .psd, .tiff. */
export const IMAGE_ACCEPT = IMAGE_TYPES.map((type) => `.${type}`).join(',');

export function isAcceptedImage(file: File): boolean {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return (IMAGE_TYPES as readonly string[]).includes(extension);
}
