import yauzl from 'yauzl';

export interface UnzipLimits {
  /** Most entries (files and folders) the archive may list. */
  entries: number;
  /** Most bytes one entry may inflate to. */
  entryBytes: number;
  /** Most bytes all entries together may inflate to. */
  totalBytes: number;
}

/** An archive past one of its limits; `limit` names which. */
export class ZipLimitError extends Error {
  constructor(readonly limit: keyof UnzipLimits | (string & {})) {
    super(`zip archive over its ${limit} limit`);
  }
}

/** Bytes that are not a zip archive yauzl can read (truncated, corrupt, encrypted, an unknown method). */
export class UnreadableZipError extends Error {}

/**
 * The files of a zip archive held in memory, each inflated as a stream and counted as it inflates:
 * past a limit the inflater is destroyed at once, so an archive of a few megabytes that would
 * inflate to gigabytes costs a few megabytes and milliseconds. The declared sizes are not trusted
 * (yauzl also fails an entry that inflates past its declared size). `inspect` sees every inflated
 * chunk of an entry before it is kept and may throw (a ZipLimitError of its own) to stop.
 */
export async function boundedUnzip(
  bytes: Buffer,
  limits: UnzipLimits,
  inspect?: (name: string, chunk: Buffer) => void,
): Promise<Map<string, Buffer>> {
  let zip: yauzl.ZipFile;
  try {
    // Names are decoded below without yauzl's path checks: nothing is written to disk, and some
    // spreadsheet writers start names with '/', which ExcelJS accepts.
    zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true, decodeStrings: false });
  } catch (error) {
    throw new UnreadableZipError('not a zip archive', { cause: error });
  }
  if (zip.entryCount > limits.entries) {
    zip.close();
    throw new ZipLimitError('entries');
  }
  const files = new Map<string, Buffer>();
  let total = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, entry.fileNameRaw, entry.extraFields, false);
      if (name.endsWith('/')) continue; // a folder
      const chunks: Buffer[] = [];
      let size = 0;
      // Leaving the loop (a limit crossed) destroys the stream and with it the inflater.
      for await (const chunk of await zip.openReadStreamPromise(entry)) {
        size += (chunk as Buffer).length;
        total += (chunk as Buffer).length;
        if (size > limits.entryBytes) throw new ZipLimitError('entryBytes');
        if (total > limits.totalBytes) throw new ZipLimitError('totalBytes');
        inspect?.(name, chunk as Buffer);
        chunks.push(chunk as Buffer);
      }
      files.set(name, Buffer.concat(chunks));
    }
  } catch (error) {
    if (error instanceof ZipLimitError) throw error;
    throw new UnreadableZipError('unreadable zip archive', { cause: error });
  } finally {
    if (zip.isOpen) zip.close();
  }
  return files;
}
