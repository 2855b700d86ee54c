/** Lagos keeps West Africa Time, UTC+1, all year (no daylight saving). */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

/** "Good morning" until noon in Lagos, "Good afternoon" until 5 pm, then "Good evening". */
export function greetingAt(now: Date): string {
  const lagosHour = new Date(now.getTime() + LAGOS_OFFSET_MS).getUTCHours();
  if (lagosHour < 12) return 'Good morning';
  if (lagosHour < 17) return 'Good afternoon';
  return 'Good evening';
}
