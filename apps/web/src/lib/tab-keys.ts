/**
 * The WAI-ARIA tabs pattern's keys: the arrow keys move to the next or previous tab and wrap
 * round, Home and End jump to the first and last. Any other key is not the tab list's
 * (undefined), so Tab still leaves it and Enter or Space still press the focused tab.
 */
export function tabIndexAfterKey(key: string, index: number, count: number): number | undefined {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (index + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return undefined;
  }
}
