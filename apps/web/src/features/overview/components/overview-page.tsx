import { Alert, Grid, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useOperatingSites } from '../../sites/api/get-site-tree';
import { SiteList } from './site-list';
import { SiteMap } from './site-map';

/** Overview: every operating site the user can see, on a map and in a list; choosing one enters it. */
export default function OverviewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const sites = useOperatingSites().data ?? [];
  const enter = (siteId: number) => navigate(`/${siteId}`);
  return (
    <Grid gap="md" p="md">
      <Grid.Col span={12}>
        <Title order={1} fz={24}>
          {t('overview.heading')}
        </Title>
      </Grid.Col>
      {sites.length === 0 ? (
        <Grid.Col span={12}>
          <Alert color="gray">{t('overview.noSites')}</Alert>
        </Grid.Col>
      ) : (
        <>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <SiteMap sites={sites} onEnter={enter} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <SiteList sites={sites} onEnter={enter} />
          </Grid.Col>
        </>
      )}
    </Grid>
  );
}
