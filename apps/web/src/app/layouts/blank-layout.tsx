import { Center } from '@mantine/core';
import type { ReactNode } from 'react';

export function BlankLayout({ children }: { children: ReactNode }) {
  return (
    <Center mih="100vh" p="md">
      {children}
    </Center>
  );
}
