/** Where `memoised` keeps its answers: a Map, or a WeakMap so that an answer goes with its object key. */
type AnswerStore<K, V> = { get(key: K): V | undefined; set(key: K, value: V): unknown };

/** `build` run once per key, on first use; later calls answer what it built then. */
export function memoised<K, V>(
  build: (key: K) => V,
  answers: AnswerStore<K, V> = new Map<K, V>(),
): (key: K) => V {
  return (key) => {
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = build(key);
      answers.set(key, answer);
    }
    return answer;
  };
}
