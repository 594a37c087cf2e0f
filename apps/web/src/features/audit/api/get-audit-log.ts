import type { AuditQuery } from '@cbm/contracts/audit';
import { auditEndpoints } from '@cbm/contracts/endpoints/audit';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** One page of a site's audit log, newest first (GET /audit). */
export const auditLogQuery = (operatingSiteId: number, offset: number, limit: number) =>
  queryOptions({
    queryKey: ['audit', operatingSiteId, offset, limit],
    queryFn: () => call(auditEndpoints.page, { query: { operatingSiteId, offset, limit } satisfies AuditQuery }),
    // Every change anywhere may add an entry: read it fresh whenever the page is opened.
    staleTime: 0,
  });

export const useAuditLog = (operatingSiteId: number, offset: number, limit: number) =>
  useQuery({ ...auditLogQuery(operatingSiteId, offset, limit), placeholderData: keepPreviousData });
