import { Center } from '@mantine/core';
import type { ReactNode } from 'react';

/** A page on its own (403): centred in the main landmark. */
export function BlankLayout({ children }: { children: ReactNode }) {
  return (
    <Center component="main" mih="100vh" p="md">
      {children}
    </Center>
  );
}
