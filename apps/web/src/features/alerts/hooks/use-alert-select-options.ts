import { type AlertProduct, UNGROUPED } from '@cbm/contracts/alerts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAlertBatteries } from '../api/get-alert-batteries';
import { useAlertBatteryTypes } from '../api/get-alert-battery-types';
import { useAlertGroups } from '../api/get-alert-groups';

/** The form's choices: groups with Ungrouped first, battery types, and devices by serial (name and serial). */
export function useAlertSelectOptions(product: AlertProduct, siteId: number) {
  const { t } = useTranslation();
  const groups = useAlertGroups(product, siteId);
  const types = useAlertBatteryTypes(product, siteId);
  const devices = useAlertBatteries(product, siteId);
  return useMemo(
    () => ({
      groups: [
        { value: UNGROUPED, label: t('alerts.form.ungrouped') },
        ...(groups.data ?? []).map((group) => ({ value: String(group.id), label: group.name })),
      ],
      types: types.data ?? [],
      serials: (devices.data ?? []).map((device) => ({
        value: device.batterySerialNumber,
        label:
          device.batteryName === device.batterySerialNumber
            ? device.batterySerialNumber
            : `${device.batteryName} (${device.batterySerialNumber})`,
      })),
    }),
    [groups.data, types.data, devices.data, t],
  );
}
