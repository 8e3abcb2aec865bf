// Semantic tokens as LSP encodes them (five numbers per token, line and start relative to the
// previous token) decoded into absolute [line, start, length, type, modifiers], for tests that
// compare answers.
export function decodeTokens(data: readonly number[]): number[][] {
  const out: number[][] = [];
  let line = 0;
  let ch = 0;
  for (let i = 0; i < data.length; i += 5) {
    line += data[i];
    ch = data[i] === 0 ? ch + data[i + 1] : data[i + 1];
    out.push([line, ch, data[i + 2], data[i + 3], data[i + 4]]);
  }
  return out;
}
