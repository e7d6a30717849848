import i18next from 'i18next';
import { saveBlob } from '../../../api/save-blob';
import { toast } from '../../../notify/toast';

/** The File System Access picker (Chromium); not in TypeScript's DOM library yet. */
interface SaveFilePicker {
  showSaveFilePicker(options: {
    suggestedName: string;
    types: { description: string; accept: Record<string, string[]> }[];
  }): Promise<FileSystemFileHandle>;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** A text of the report's catalogue, which the report's pages have loaded before anyone exports. */
const say = (key: 'export.fileType' | 'export.saved' | 'export.failed') => i18next.t(key, { ns: 'report' });

/**
 * The export flow of part 2 §4: the user picks where to save (where the browser lets them; else a
 * normal download), a cancelled picker stops silently, then the file is fetched and written, and
 * 'Saved' or 'Failed to export' shows. The picker opens first because it needs the click's user
 * activation, which a long fetch would outlive.
 */
export async function saveSpreadsheet(fileName: string, fetchFile: () => Promise<Blob>): Promise<void> {
  const picker = (window as Partial<SaveFilePicker>).showSaveFilePicker;
  let handle: FileSystemFileHandle | undefined;
  if (picker) {
    try {
      handle = await picker.call(window, {
        suggestedName: fileName,
        types: [{ description: say('export.fileType'), accept: { [XLSX_TYPE]: ['.xlsx'] } }],
      });
    } catch (error) {
      if (isAbort(error)) return;
      // A picker that refuses for another reason (policy, sandbox) still leaves the plain download.
    }
  }
  try {
    const blob = await fetchFile();
    if (handle) {
      const writable = await handle.createWritable();
      await writable.write(blob);
      await writable.close();
    } else {
      saveBlob(blob, fileName);
    }
    toast.success(say('export.saved'));
  } catch (error) {
    if (isAbort(error)) return;
    toast.error(say('export.failed'));
  }
}
