// Used by check-grammar.mjs: finds nested repetition in a regex (Oniguruma syntax).

/**
 * Finds groups that are repeated (`*`, `+`, `{n,}`, `{n,m}` with m > 1) and contain a repetition.
 * A small scanner of Oniguruma syntax: escapes, character classes (nested too), groups of every
 * kind, alternation and quantifiers; enough for the regexes a TextMate grammar uses.
 */
export function nestedRepetitions(source) {
  const problems = [];
  const stack = [{ repeats: false }];
  let last = null; // the atom a quantifier would apply to: { group: boolean, repeats: boolean }
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (c === '\\') {
      i = skipEscape(source, i);
      last = { group: false, repeats: false };
    } else if (c === '[') {
      i = skipClass(source, i);
      last = { group: false, repeats: false };
    } else if (c === '(') {
      stack.push({ repeats: false });
      i++;
      if (source[i] === '?') {
        // (?:  (?=  (?!  (?<=  (?<!  (?>  (?<name>  (?imx-imx:  — skip to the start of the body.
        i++;
        if (source[i] === '<' && source[i + 1] !== '=' && source[i + 1] !== '!') {
          i = source.indexOf('>', i) + 1;
        } else if (source[i] === '<') {
          i += 2;
        } else {
          while (i < source.length && !':=!>)'.includes(source[i])) i++;
          if (source[i] !== ')') i++;
        }
      }
      last = null;
    } else if (c === ')') {
      const frame = stack.length > 1 ? stack.pop() : { repeats: false };
      if (frame.repeats) stack[stack.length - 1].repeats = true;
      last = { group: true, repeats: frame.repeats };
      i++;
    } else if (c === '|' || c === '^' || c === '$') {
      last = null;
      i++;
    } else {
      const q = quantifierAt(source, i);
      if (q) {
        if (q.repeating) {
          if (last?.group && last.repeats) {
            problems.push(`repeated group containing a repetition (quantifier '${source.slice(i, q.end)}' at ${i})`);
          }
          stack[stack.length - 1].repeats = true;
        }
        i = q.end;
        last = null;
      } else {
        last = { group: false, repeats: false };
        i++;
      }
    }
  }
  return problems;
}

function quantifierAt(source, i) {
  let end;
  let repeating;
  const c = source[i];
  if (c === '*' || c === '+') {
    end = i + 1;
    repeating = true;
  } else if (c === '?') {
    end = i + 1;
    repeating = false;
  } else if (c === '{') {
    const m = /^\{(\d*)(,?)(\d*)\}/.exec(source.slice(i));
    if (!m || (m[1] === '' && m[3] === '')) return null;
    end = i + m[0].length;
    const max = m[2] === '' ? Number(m[1]) : m[3] === '' ? Infinity : Number(m[3]);
    repeating = max > 1;
  } else {
    return null;
  }
  if (source[end] === '?' || source[end] === '+') end++; // lazy or possessive
  return { end, repeating };
}

function skipEscape(source, i) {
  const next = source[i + 1];
  if ((next === 'x' || next === 'p' || next === 'P' || next === 'k' || next === 'g') && source[i + 2] === '{') {
    return source.indexOf('}', i) + 1;
  }
  if ((next === 'k' || next === 'g') && source[i + 2] === '<') return source.indexOf('>', i) + 1;
  return i + 2;
}

function skipClass(source, i) {
  let depth = 0;
  while (i < source.length) {
    const c = source[i];
    if (c === '\\') {
      i = skipEscape(source, i);
      continue;
    }
    if (c === '[') {
      depth++;
      i++;
      if (source[i] === '^') i++;
      if (source[i] === ']') i++; // a ']' first in a class is literal
      continue;
    }
    if (c === ']') {
      depth--;
      i++;
      if (depth === 0) return i;
      continue;
    }
    i++;
  }
  return i;
}
