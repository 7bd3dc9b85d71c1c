/** Lets the browser download a file: an ordinary link navigation, answered as an attachment. */
export function startDownload(url: string, fileName = ''): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Saves data the page already holds as a file named `fileName`. */
export function saveFile(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  startDownload(url, fileName);
  // The click has handed the data to the browser's download by the next task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
