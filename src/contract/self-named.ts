/** A table of names that are their own values (`{ ready: 'ready', … }`), made from their list. */
export function selfNamed<const Names extends readonly string[]>(
  names: Names,
): { readonly [Name in Names[number]]: Name } {
  return Object.fromEntries(names.map((name) => [name, name])) as {
    readonly [Name in Names[number]]: Name;
  };
}
