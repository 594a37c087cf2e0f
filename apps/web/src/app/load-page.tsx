import { authEndpoints } from '@cbm/contracts/endpoints/auth';
import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { type ComponentType, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpointUrl } from '../lib/api-client';
import type { AppRoute } from './route-types';

type PageImport = NonNullable<AppRoute['page']>;
type PageModule = Awaited<ReturnType<PageImport>>;

const RELOADED_KEY = 'cbm.reloadedForNewVersion';
const RETRY_MS = 1_000;
/** While the server cannot be reached, the unavailable page asks again this often (and at once when online). */
export const PAGE_PROBE_MS = 3_000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Any answer of the server (even 401) says it is reachable; only a failed request says it is not. */
async function serverAnswers() {
  try {
    await fetch(endpointUrl(authEndpoints.authenticated), { cache: 'no-store' });
    return true;
  } catch {
    return false;
  }
}

/**
 * A page's code, asked for twice (decision 085). Where it still fails while the server answers, the tab runs
 * an older version whose chunks a deploy removed: it loads the new one once. Where the server cannot be reached
 * (a network drop, a restart), the app stays and shows a page that loads the real one when the server is back.
 */
export async function loadPage(page: PageImport): Promise<PageModule> {
  try {
    const module = await page().catch(() => wait(RETRY_MS).then(page));
    sessionStorage.removeItem(RELOADED_KEY);
    return module;
  } catch (error) {
    if (!(await serverAnswers())) return { default: () => <PageUnavailable page={page} /> };
    if (sessionStorage.getItem(RELOADED_KEY)) throw error;
    sessionStorage.setItem(RELOADED_KEY, '1');
    window.location.reload();
    return new Promise<never>(() => undefined);
  }
}

/** Waits for the server, then shows the page (or loads the app afresh where the browser keeps the failed chunk). */
function PageUnavailable({ page }: { page: PageImport }) {
  const { t } = useTranslation();
  const [Page, setPage] = useState<ComponentType | null>(null);
  useEffect(() => {
    let stopped = false;
    const attempt = async () => {
      if (stopped || !(await serverAnswers())) return;
      const loaded = await page().catch(() => null);
      if (stopped) return;
      if (loaded) setPage(() => loaded.default);
      else window.location.reload();
      stopped = true;
    };
    const timer = setInterval(attempt, PAGE_PROBE_MS);
    window.addEventListener('online', attempt);
    return () => {
      stopped = true;
      clearInterval(timer);
      window.removeEventListener('online', attempt);
    };
  }, [page]);
  if (Page) return <Page />;
  return (
    <Paper p="xl" withBorder maw={560} shadow="sm" data-page-unavailable>
      <Stack align="center" ta="center">
        <IconCloudOff size={48} stroke={1.5} aria-hidden />
        <Title order={1} fz={24}>
          {t('connection.pageUnavailableTitle')}
        </Title>
        <Text>{t('connection.pageUnavailable')}</Text>
        <Loader size="sm" aria-hidden />
      </Stack>
    </Paper>
  );
}
