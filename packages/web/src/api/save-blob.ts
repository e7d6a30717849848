/** Hands downloaded bytes to the browser as a file named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started from the URL; it may go once the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
