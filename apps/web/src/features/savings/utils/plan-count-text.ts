/**
 * The line under a balance card's figure: how many plans it sums, or what to say when there are
 * none. `noun` is singular; one plan keeps it, any other count adds an 's'.
 */
export function planCountText(
  count: number,
  words: { none: string; before: string; noun: string },
): string {
  if (count === 0) return words.none;
  return `${words.before} ${String(count)} ${words.noun}${count === 1 ? '' : 's'}`;
}
