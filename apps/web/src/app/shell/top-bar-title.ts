/** The spec's rule: the first path segment, capitalised (hyphens read as spaces), or Home. */
export function topBarTitle(pathname: string): string {
  const segment = decodeURIComponent(pathname.split('/').find((part) => part !== '') ?? '');
  if (segment === '') return 'Home';
  const words = segment.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
