import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n';
import { RecoveryCodes } from './recovery-codes';

const CODES = ['abcde-fgh0k', 'abcde-fgh1k'];

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const show = () =>
  render(
    <MantineProvider>
      <RecoveryCodes codes={CODES} onDone={() => undefined} />
    </MantineProvider>,
  );

describe('RecoveryCodes (issue 49 item 14)', () => {
  it('downloads the codes as a text file, one a line', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:codes';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Download as file' }));
    expect(click).toHaveBeenCalledOnce();
    expect(await blobs[0]?.text()).toBe('abcde-fgh0k\nabcde-fgh1k\n');
  });

  it('prints the codes alone on a page of their own', () => {
    const page = document.implementation.createHTMLDocument('');
    const print = vi.fn();
    vi.spyOn(window, 'open').mockReturnValue({ document: page, print } as unknown as Window);
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(page.title).toBe('CBM recovery codes');
    expect(page.querySelector('pre')?.textContent).toBe('abcde-fgh0k\nabcde-fgh1k');
    expect(print).toHaveBeenCalledOnce();
  });

  it('offers to copy them', () => {
    show();
    expect(screen.getByRole('button', { name: 'Copy codes' })).toBeVisible();
  });
});
