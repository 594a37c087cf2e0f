import { FEATURES } from '@cbm/contracts/features';
import { SITE_PERMISSION_NAMES } from '@cbm/contracts/site-permissions';
import { describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n';
import { buildMenu, firstAllowedChild } from './menu';
import { ROUTES, SITE_ROUTES } from './route-table';

const ALL_RULES = SITE_PERMISSION_NAMES;
const labels = (
  features: Parameters<typeof buildMenu>[1]['features'],
  rules: Parameters<typeof buildMenu>[1]['rules'],
) =>
  buildMenu(SITE_ROUTES, { features, rules }).map((section) => ({
    area: section.area,
    items: section.items.map((item) => [item.labelKey, ...item.children.map((child) => child.to)]),
  }));

describe('menu (screens and routes)', () => {
  it('shows every entry in menu order to a user with every feature and rule', () => {
    expect(labels(FEATURES, ALL_RULES)).toEqual([
      {
        area: 'battery',
        items: [
          ['menu.liveView'],
          ['menu.statistics', 'stats/statistics', 'stats/export', 'stats/care'],
          ['menu.alerts'],
          ['menu.alarms'],
          ['menu.reporting'],
          ['menu.expert', 'expert/battery_list', 'expert/filter', 'expert/datalog'],
          [
            'menu.admin',
            'admin/osadmin',
            'admin/license',
            'admin/audit',
            'admin/devices',
            'admin/users',
            'admin/campaigns',
          ],
        ],
      },
      {
        area: 'mdload',
        items: [
          ['menu.liveView'],
          ['menu.statistics', 'mdload/stats/consumption', 'mdload/stats/start-soc'],
          ['menu.alerts'],
          ['menu.events'],
        ],
      },
    ]);
  });

  it('hides entries whose feature or site permission is missing', () => {
    expect(labels(['cbm_liveview', 'cbm_report', 'cbm_statistic', 'cbm_mdliveview'], ['battery.statistic'])).toEqual([
      {
        area: 'battery',
        items: [['menu.liveView'], ['menu.statistics', 'stats/statistics', 'stats/export', 'stats/care']],
      },
    ]);
  });

  it('shows a parent with only the children the user may open', () => {
    expect(labels(['cbm_filter', 'cbm_update'], [])).toEqual([
      {
        area: 'battery',
        items: [
          ['menu.expert', 'expert/filter'],
          ['menu.admin', 'admin/license', 'admin/campaigns'],
        ],
      },
    ]);
  });

  it('opens a site on its first permitted page', () => {
    const siteId = ROUTES.find((route) => route.name === 'site');
    if (!siteId) throw new Error('no site route');
    expect(firstAllowedChild(siteId, { features: ['cbm_liveview'], rules: [] })).toBe('live');
    expect(firstAllowedChild(siteId, { features: ['cbm_datalog'], rules: [] })).toBe('expert/datalog');
    expect(firstAllowedChild(siteId, { features: ['cbm_mdevent'], rules: ['mdload.event'] })).toBe('mdload/events');
    expect(firstAllowedChild(siteId, { features: ['cbm_report'], rules: [] })).toBeUndefined();
  });

  it('names alert rules and the alarm inbox apart in both languages (not "Alarme" above "Alarmeingang")', () => {
    for (const lng of ['en', 'de']) {
      const rules = i18n.t('menu.alerts', { lng });
      const inbox = i18n.t('menu.alarms', { lng });
      expect(inbox.startsWith(rules) || rules.startsWith(inbox), `${lng}: ${rules} / ${inbox}`).toBe(false);
    }
  });
});
