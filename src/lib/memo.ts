/**
 * `compute` worked out once per key object: for what depends only on a dealer's content (its
 * theme, header, navigation, listing pages), which every one of the dealer's pages asks for again.
 * Content is never changed once loaded (the editor preview loads new objects), so an answer kept
 * against its object stays true; a WeakMap lets it go with the object.
 */
export function oncePer<K extends object, V>(compute: (key: K) => V): (key: K) => V {
  const known = new WeakMap<K, V>();
  return (key) => {
    if (known.has(key)) return known.get(key)!;
    const value = compute(key);
    known.set(key, value);
    return value;
  };
}
