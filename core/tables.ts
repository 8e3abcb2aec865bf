// Tables keyed by words that a file, a setting or a command line writes (a zone, a quality, a rule
// number, a month of a rules document). Made by `table`, they have no prototype: a key such as
// `constructor`, `toString` or `__proto__` finds nothing, like any other unknown word, instead of a
// member that every plain object inherits (a function in a message, or a crash).

/** A read-only table of `entries` whose lookups see only those entries. */
export function table<V>(entries: Readonly<Record<string, V>>): Readonly<Partial<Record<string, V>>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, V>, entries));
}
