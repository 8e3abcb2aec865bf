// Answers that stay the same from one version of a document to the next (the outline, the code
// lenses of a huge file while the user types inside one statement) are answered as the same
// objects. A transport that writes JSON bytes (transport.ts: stdio, sockets, pipes) keeps the bytes
// of an answer marked here and writes them again when the same answer is sent again, instead of
// turning a megabyte of lenses into JSON at each keystroke (issue 17 item 12). Node IPC and the
// browser's worker messages serialize the object themselves; for them the mark changes nothing.
// An answer marked here must never be changed afterwards: the bytes kept are those of its first
// writing.
const marked = new WeakSet<object>();

/** Marks `answer` as never changing again (see above); returns it. */
export function unchanging<T extends object>(answer: T): T {
  marked.add(answer);
  return answer;
}

export function isUnchanging(value: unknown): value is object {
  return typeof value === 'object' && value !== null && marked.has(value);
}
