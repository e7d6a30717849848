import { IMAGE_TYPES, type fileSchema } from '@evfleet/domain';
import type { z } from 'zod';
import { http } from '../api/http';

/** The first bytes of the base64 image formats a browser shows; anything else is sent as PNG and sniffed. */
const SIGNATURES: [prefix: string, type: string][] = [
  ['/9j/', 'image/jpeg'],
  ['iVBOR', 'image/png'],
  ['R0lGOD', 'image/gif'],
  ['SUkq', 'image/tiff'],
  ['TU0A', 'image/tiff'],
];

/** An uploaded image (the `data` of api/file/upload, plain base64 or already a data URL) as an img src. */
export function photoSrc(data: string | null | undefined): string | undefined {
  if (!data) return undefined;
  if (data.startsWith('data:')) return data;
  const type = SIGNATURES.find(([prefix]) => data.startsWith(prefix))?.[1] ?? 'image/png';
  return `data:${type};base64,${data}`;
}

/** §5: the driver and template image uploads accept .jpeg, .jpg, .png, .gif, .psd, .tiff. */
export const IMAGE_ACCEPT = IMAGE_TYPES.map((type) => `.${type}`).join(',');

export function isAcceptedImage(file: File): boolean {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return (IMAGE_TYPES as readonly string[]).includes(extension);
}

export type UploadedFile = z.infer<typeof fileSchema>;

/** POST api/file/upload, multipart field `file`: the stored file's id and its base64 data. */
export async function uploadImage(file: File): Promise<UploadedFile> {
  const body = new FormData();
  body.append('file', file);
  return (await http.post<UploadedFile>('api/file/upload', body)).data;
}
