import { useParams } from 'react-router';

/** The operating site the current route is at (its URL segment), undefined outside a site's routes. */
export function useOptionalSiteId(): number | undefined {
  const { siteId } = useParams();
  return siteId === undefined ? undefined : Number(siteId);
}

/** The operating site of a page inside a site's routes (the navigation guard lets only a valid id through). */
export function useSiteId(): number {
  return Number(useParams().siteId);
}
