/**
 * Remembers the results of a pure, costly function of a string (an HMAC or a digest of a session's cookie) for the
 * `limit` keys seen most recently, so each request of a visit does not pay for it again. Only results `keep` accepts
 * are remembered: a forged cookie's failed check is recomputed each time rather than pushing real entries out.
 * Per process and never shared, which is enough for values every instance computes alike.
 */
export function boundedMemo<T>(
  limit: number,
  compute: (key: string) => T,
  keep: (value: T) => boolean = () => true,
): (key: string) => T {
  const remembered = new Map<string, T>();
  return (key) => {
    const known = remembered.get(key);
    if (known !== undefined) return known;
    const value = compute(key);
    if (value !== undefined && keep(value)) {
      // A Map iterates in insertion order: the first key is the oldest.
      if (remembered.size >= limit) remembered.delete(remembered.keys().next().value as string);
      remembered.set(key, value);
    }
    return value;
  };
}
