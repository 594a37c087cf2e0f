import { toPng } from 'html-to-image';

/** Saves an element as a PNG file (white background, as the page shows it). */
export async function downloadPng(element: HTMLElement, filename: string): Promise<void> {
  const url = await toPng(element, { backgroundColor: '#ffffff', cacheBust: true });
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
}
