import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useRouteManagesFocus } from './route-handle.ts';

/*
 * A new page in a single-page app is not a new document: the browser leaves focus on the link
 * that was used (a sidebar entry stays where it was) or drops it to the body (a link in the page
 * went with the page), and a screen reader says nothing. After a change of path (not of query: a
 * panel, a tab or a wizard step is the same page) focus moves to the new page's heading, which
 * names it, as a new document would start at its top.
 */

/**
 * Route changes before the person has pressed or clicked anything are the first load redirecting
 * (a guard, a gate): that is still the first page, where focus starts at the top as usual.
 */
let hasInteracted = false;

function noteInteraction(): void {
  hasInteracted = true;
  window.removeEventListener('pointerdown', noteInteraction, true);
  window.removeEventListener('keydown', noteInteraction, true);
}

function listenForInteraction(): void {
  if (hasInteracted) return;
  window.addEventListener('pointerdown', noteInteraction, true);
  window.addEventListener('keydown', noteInteraction, true);
}

/**
 * A modal (a panel, a dialog, the BVN modal) holds focus; the page behind it never takes it. A
 * closed <dialog> stays in the page, aria-modal and all: only an open one counts.
 */
function dialogIsOpen(): boolean {
  return document.querySelector('dialog[open], [aria-modal="true"]:not(dialog)') !== null;
}

/** Focus went with the old page: on the body, gone, or in a dialog that has just closed. */
function focusIsLost(active: Element | null): boolean {
  return (
    active === null ||
    active === document.body ||
    !active.isConnected ||
    active.closest('dialog:not([open])') !== null
  );
}

/**
 * Focus is on the way here: the sidebar's or the top bar's link that was used, or the menu button
 * a closed menu gave it back to. Focus inside the page is the page's own doing (a field it
 * focused, a tab of its own) and stays.
 */
function focusIsOnTheWayIn(active: Element | null): boolean {
  const main = document.querySelector('main');
  return active !== null && main !== null && !main.contains(active);
}

function isShown(element: Element): boolean {
  return element.getClientRects().length > 0;
}

/** The page's heading (the top bar's, on pages with one), or else its main content. */
function focusTarget(): HTMLElement | null {
  const headings = [
    ...document.querySelectorAll<HTMLElement>('main h1'),
    ...document.querySelectorAll<HTMLElement>('h1'),
  ];
  return headings.find(isShown) ?? document.querySelector<HTMLElement>('main');
}

/** Moves focus to the new page's heading (or main content); returns where it went, if anywhere. */
function focusNewPage(pageFocusesItself: boolean): HTMLElement | null {
  if (dialogIsOpen()) return null;
  const active = document.activeElement;
  const lost = focusIsLost(active);
  // Such a page focuses its own heading once its data has arrived, when focus is lost.
  if (lost && pageFocusesItself) return null;
  if (!lost && !focusIsOnTheWayIn(active)) return null;
  const target = focusTarget();
  if (!target) return null;
  // Reached only this way, not by Tab: no tab stop is added.
  if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
  // The scroll position is ScrollRestoration's (the top, or where the person was, going back).
  target.focus({ preventScroll: true });
  return target;
}

/** What a screen reader hears of a new page when focus did not move to a heading that names it. */
function announcement(focused: HTMLElement | null): string {
  const title = document.title;
  const pageName = title.split(' · ')[0] ?? title;
  if (focused?.tagName === 'H1' && focused.textContent.trim() === pageName) return '';
  return title;
}

/**
 * Moves focus to the new page's heading after a change of path, and announces the page's title
 * when focus did not land on a heading saying it (the top bar names the section only, a page may
 * keep focus where it put it, a dialog may hold it). Rendered once, at the root of the app.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const pageFocusesItself = useRouteManagesFocus();
  const shownPathname = useRef(pathname);
  const liveRegion = useRef<HTMLDivElement>(null);

  useEffect(listenForInteraction, []);

  // The root's effects run after the new page's own: focus the page gave itself is kept.
  useEffect(() => {
    if (shownPathname.current === pathname) return;
    shownPathname.current = pathname;
    if (!hasInteracted) return;
    const message = announcement(focusNewPage(pageFocusesItself));
    // Written straight to the DOM: React renders the region empty and leaves its text alone.
    if (liveRegion.current) liveRegion.current.textContent = message;
    // Runs once per change of path; the page's handle belongs to that path.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  return <div ref={liveRegion} aria-live="polite" aria-atomic="true" className="sr-only" />;
}
