import { useMatches } from 'react-router';

/**
 * What a route declares about itself in its `handle`: the page title, whether one of its layouts
 * already shows that title in a top bar (so the page does not repeat it), and whether the page
 * gives focus to its own heading when it opens with focus lost (so RouteFocus leaves it be).
 */
export interface RouteHandle {
  title?: string;
  hasTopBar?: boolean;
  managesFocus?: boolean;
}

export const DEFAULT_PAGE_TITLE = 'Ajo';

function readRouteHandle(handle: unknown): RouteHandle {
  if (typeof handle !== 'object' || handle === null) return {};
  const routeHandle: RouteHandle = {};
  if ('title' in handle && typeof handle.title === 'string') routeHandle.title = handle.title;
  if ('hasTopBar' in handle && handle.hasTopBar === true) routeHandle.hasTopBar = true;
  if ('managesFocus' in handle && handle.managesFocus === true) routeHandle.managesFocus = true;
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

/** Whether the deepest matched route's page focuses its own heading (see RouteHandle). */
export function useRouteManagesFocus(): boolean {
  return useRouteHandles().at(-1)?.managesFocus === true;
}

export function documentTitle(pageTitle: string): string {
  return pageTitle === DEFAULT_PAGE_TITLE ? pageTitle : `${pageTitle} · ${DEFAULT_PAGE_TITLE}`;
}
