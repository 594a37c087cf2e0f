import { Select } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { rulesQuery, useUser } from '../../features/session';
import { useOperatingSites, useOptionalSiteId } from '../../features/sites';
import { isChainAllowed } from '../access';
import { matchRouteChain } from '../route-objects';

/** Switches the operating site; keeps the current page when the user may use it at the new site. */
export function SiteSwitcher({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t } = useTranslation();
  const siteId = useOptionalSiteId();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sites = useOperatingSites().data ?? [];
  const features = useUser().data?.authorizedFeatures ?? [];

  async function switchTo(next: string | null) {
    if (!next || Number(next) === siteId) return;
    const rest = pathname.split('/').slice(2).join('/');
    const target = `/${next}/${rest}`;
    const rules = await queryClient.fetchQuery(rulesQuery(Number(next))).catch(() => []);
    navigate(isChainAllowed(matchRouteChain(target).chain, { features, rules }) ? target : `/${next}`);
  }

  return (
    <Select
      aria-label={t('header.site')}
      placeholder={t('header.selectSite')}
      data={sites.map((site) => ({ value: String(site.operatingSiteId), label: site.name }))}
      value={siteId === undefined ? null : String(siteId)}
      onChange={(value) => void switchTo(value)}
      searchable
      nothingFoundMessage={t('common.nothingFound')}
      w={fullWidth ? '100%' : { base: 170, sm: 260 }}
      comboboxProps={fullWidth ? { position: 'bottom-start' } : { width: 320, position: 'bottom-start' }}
      renderOption={({ option }) => {
        const site = sites.find((s) => String(s.operatingSiteId) === option.value);
        return (
          <div>
            <div>{option.label}</div>
            <div style={{ fontSize: 12, opacity: 0.65 }}>{site?.parents}</div>
          </div>
        );
      }}
    />
  );
}
