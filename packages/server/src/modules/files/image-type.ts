import { fillText, IMAGE_TYPES, UPLOAD_TEXTS } from '@evfleet/domain';

/** Leading bytes of each accepted image format: the name of a file proves nothing. */
const SIGNATURES: { contentType: string; bytes: number[] }[] = [
  { contentType: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { contentType: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { contentType: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38] },
  { contentType: 'image/tiff', bytes: [0x49, 0x49, 0x2a, 0x00] },
  { contentType: 'image/tiff', bytes: [0x4d, 0x4d, 0x00, 0x2a] },
  { contentType: 'image/vnd.adobe.photoshop', bytes: [0x38, 0x42, 0x50, 0x53] },
];

/** The content type of an accepted image, or null when the bytes are no such image. */
export function imageContentType(bytes: Buffer): string | null {
  const match = SIGNATURES.find((s) => s.bytes.length <= bytes.length && s.bytes.every((b, i) => bytes[i] === b));
  return match?.contentType ?? null;
}

/** A file name's extension is one of the accepted ones (§5), or the name has none. */
export function acceptedName(filename: string | undefined): boolean {
  const extension = filename?.match(/\.([^.]+)$/)?.[1]?.toLowerCase();
  return extension === undefined || (IMAGE_TYPES as readonly string[]).includes(extension);
}

export const NOT_AN_IMAGE = fillText(UPLOAD_TEXTS.notAnImage, { types: IMAGE_TYPES.map((t) => `.${t}`).join(', ') });
