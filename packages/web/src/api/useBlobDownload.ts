import { useState } from 'react';
import { saveBlob } from './save-blob';

/** A button's download: fetches the file, hands it to the browser as `fileName`, and says whether it is on its way. */
export function useBlobDownload(fetchFile: () => Promise<Blob>, fileName: string) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      saveBlob(await fetchFile(), fileName);
    } catch {
      // The HTTP client has told the user why (§8 toasts); nothing is left to do here.
    } finally {
      setDownloading(false);
    }
  };
  return { downloading, download };
}
