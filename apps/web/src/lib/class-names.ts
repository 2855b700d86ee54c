/** Joins the truthy class names, so conditional classes read as `active && 'bg-white'`. */
export function classNames(...names: (string | false | null | undefined)[]): string {
  return names.filter((name): name is string => typeof name === 'string' && name !== '').join(' ');
}
