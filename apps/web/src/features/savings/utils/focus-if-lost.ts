/**
 * Whether focus has fallen to the page: on the body, or still on a control of a dialog that has
 * just closed (the browser moves it to the body a moment later).
 */
function focusIsLost(active: Element | null): boolean {
  return (
    active === null || active === document.body || active.closest('dialog:not([open])') !== null
  );
}

/**
 * Moves focus to `element` when it has fallen to the page: the control the person used (a plan's
 * card, Top Up, Done) went away with the view it was in, and keyboard and screen reader users
 * would otherwise start again from the top of the page. Focus somewhere on purpose (a field,
 * another panel) is left where it is.
 */
export function focusIfLost(element: HTMLElement | null | undefined, options?: FocusOptions): void {
  if (element?.isConnected === true && focusIsLost(document.activeElement)) {
    element.focus(options);
  }
}
