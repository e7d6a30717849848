import {
  errorBodySchema,
  MAX_SHEET_BYTES,
  SHEET_FILE_TYPES,
  TEMPLATE_TEXTS,
  VALIDATION_MESSAGE,
  type FailedCall,
  type SheetUploadResult,
} from '@evfleet/domain';
import { http } from '../../api/http';
import { domainTextNow } from '../../i18n/useDomainText';

/** The file types the threshold spreadsheet upload takes (§5: csv or Excel). */
export const SHEET_ACCEPT = SHEET_FILE_TYPES.map((type) => `.${type}`).join(',');

/** Whether the server could take the file: a csv or xlsx name, within the size limit. */
export function isSheet(file: File): boolean {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  return (SHEET_FILE_TYPES as readonly string[]).includes(extension) && file.size <= MAX_SHEET_BYTES;
}

/**
 * What a refused upload says: the server's own words when it gives a reason (a bad cell named by
 * row and column, a file too large: its field errors, else its message), otherwise 'Upload File
 * Failed.' (§8).
 */
export function uploadFailureMessage(call: FailedCall): string {
  const parsed = errorBodySchema.safeParse(call.body);
  if ((call.status === 400 || call.status === 413) && parsed.success) {
    const named = parsed.data.fieldErrors?.map((error) => domainTextNow(error.message)) ?? [];
    if (named.length > 0) return named.join(' ');
    if (parsed.data.message !== VALIDATION_MESSAGE) return domainTextNow(parsed.data.message);
  }
  return domainTextNow(TEMPLATE_TEXTS.uploadFailed);
}

/** POST a spreadsheet as multipart field `file` to `path`; the answer carries the thresholds now in force. */
export async function uploadSheet(path: string, file: File): Promise<SheetUploadResult> {
  const body = new FormData();
  body.append('file', file);
  const { data } = await http.post<SheetUploadResult>(path, body, { errorMessage: uploadFailureMessage });
  return data;
}
