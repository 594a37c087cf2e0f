/** A file the browser keeps: the one place a download link is made and clicked. */
export interface SavedFile {
  blob: Blob;
  fileName: string;
}

/** Saves the bytes under the name, as the browser's download. */
export function saveFile({ blob, fileName }: SavedFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
