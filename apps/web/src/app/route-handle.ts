import { useMatches } from 'react-router';

/**
 * What a route declares about itself in its `handle`: the page title, and whether one of its
 * layouts already shows that title in a top bar (so the page does not repeat it).
 */
export interface RouteHandle {
  title?: string;
  hasTopBar?: boolean;
}

export const DEFAULT_PAGE_TITLE = 'Ajo';

function readRouteHandle(handle: unknown): RouteHandle {
  if (typeof handle !== 'object' || handle === null) return {};
  const routeHandle: RouteHandle = {};
  if ('title' in handle && typeof handle.title === 'string') routeHandle.title = handle.title;
  if ('hasTopBar' in handle && handle.hasTopBar === true) routeHandle.hasTopBar = true;
  return routeHandle;
}

function useRouteHandles(): RouteHandle[] {
  return useMatches().map((match) => readRouteHandle(match.handle));
}

/** The title of the deepest matched route that has one. */
export function useRouteTitle(): string {
  const titles = useRouteHandles().flatMap((handle) => (handle.title ? [handle.title] : []));
  return titles.at(-1) ?? DEFAULT_PAGE_TITLE;
}

export function useHasTopBar(): boolean {
  return useRouteHandles().some((handle) => handle.hasTopBar === true);
}

export function documentTitle(pageTitle: string): string {
  return pageTitle === DEFAULT_PAGE_TITLE ? pageTitle : `${pageTitle} · ${DEFAULT_PAGE_TITLE}`;
}
