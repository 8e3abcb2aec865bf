// A structural validator for JUnit XML, written for the tests (no dependency): first well-formed
// XML 1.0 (one root, tags nested and closed in order, attributes quoted and not repeated, only the
// five predefined entities and character references, no character XML forbids, no markup in text),
// then the shape CI servers read: <testsuites> of <testsuite name tests failures errors> of
// <testcase name classname> with at most one <failure message>/<error message> each, and every
// suite's counts equal to its cases and failures.

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const NAME_START = /[A-Za-z_:]/;
const NAME_CHAR = /[A-Za-z0-9_:.-]/;

function isXmlChar(c: number): boolean {
  return c === 0x9 || c === 0xa || c === 0xd || (c >= 0x20 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd) || (c >= 0x10000 && c <= 0x10ffff);
}

/** Parses well-formed XML (no DTD, as JUnit reports have none); throws with the offset of the first error. */
export function parseXml(xml: string): XmlElement {
  let i = 0;
  const fail = (why: string): never => {
    throw new Error(`not well-formed XML at offset ${i}: ${why} (near ${JSON.stringify(xml.slice(Math.max(0, i - 20), i + 20))})`);
  };
  // Every character must be one XML allows (surrogate pairs read as one code point).
  for (let k = 0; k < xml.length; k++) {
    const cp = xml.codePointAt(k)!;
    if (cp > 0xffff) k++;
    else if (cp >= 0xd800 && cp <= 0xdfff) {
      i = k;
      fail('a lone surrogate');
    }
    if (!isXmlChar(cp)) {
      i = k;
      fail(`character U+${cp.toString(16)} is not allowed in XML`);
    }
  }
  const skipSpace = () => {
    while (i < xml.length && /\s/.test(xml[i])) i++;
  };
  const name = (): string => {
    if (!NAME_START.test(xml[i] ?? '')) fail('a name expected');
    const s = i;
    while (i < xml.length && NAME_CHAR.test(xml[i])) i++;
    return xml.slice(s, i);
  };
  const decode = (raw: string, inAttr: boolean): string => {
    let out = '';
    for (let k = 0; k < raw.length; k++) {
      const c = raw[k];
      if (c === '<') {
        i += k;
        fail('`<` in text or attribute');
      }
      if (c === '"' && inAttr) fail('quote inside an attribute');
      if (c !== '&') {
        out += c;
        continue;
      }
      const end = raw.indexOf(';', k);
      if (end < 0) fail('`&` without `;`');
      const ent = raw.slice(k + 1, end);
      if (ent === 'amp') out += '&';
      else if (ent === 'lt') out += '<';
      else if (ent === 'gt') out += '>';
      else if (ent === 'quot') out += '"';
      else if (ent === 'apos') out += "'";
      else if (/^#[0-9]+$/.test(ent) || /^#x[0-9a-fA-F]+$/.test(ent)) {
        const cp = ent[1] === 'x' ? parseInt(ent.slice(2), 16) : parseInt(ent.slice(1), 10);
        if (!isXmlChar(cp)) fail(`character reference &${ent}; is not an XML character`);
        out += String.fromCodePoint(cp);
      } else fail(`unknown entity &${ent};`);
      k = end;
    }
    return out;
  };
  const element = (): XmlElement => {
    if (xml[i] !== '<') fail('`<` expected');
    i++;
    const el: XmlElement = { name: name(), attrs: {}, children: [], text: '' };
    for (;;) {
      const before = i;
      skipSpace();
      if (xml.startsWith('/>', i)) {
        i += 2;
        return el;
      }
      if (xml[i] === '>') {
        i++;
        break;
      }
      if (i === before) fail('space expected before an attribute');
      const a = name();
      skipSpace();
      if (xml[i] !== '=') fail('`=` expected');
      i++;
      skipSpace();
      const q = xml[i];
      if (q !== '"' && q !== "'") fail('attribute value must be quoted');
      const end = xml.indexOf(q, i + 1);
      if (end < 0) fail('unclosed attribute value');
      if (a in el.attrs) fail(`attribute ${a} repeated`);
      const raw = xml.slice(i + 1, end);
      el.attrs[a] = decode(q === '"' ? raw : raw.replace(/"/g, '&quot;'), true);
      i = end + 1;
    }
    for (;;) {
      const lt = xml.indexOf('<', i);
      if (lt < 0) fail(`<${el.name}> is never closed`);
      const raw = xml.slice(i, lt);
      if (raw.includes(']]>')) fail('`]]>` in text');
      el.text += decode(raw, false);
      i = lt;
      if (xml.startsWith('</', i)) {
        i += 2;
        const closing = name();
        if (closing !== el.name) fail(`</${closing}> closes <${el.name}>`);
        skipSpace();
        if (xml[i] !== '>') fail('`>` expected');
        i++;
        return el;
      }
      if (xml.startsWith('<!--', i)) {
        const end = xml.indexOf('-->', i);
        if (end < 0) fail('unclosed comment');
        i = end + 3;
        continue;
      }
      if (xml.startsWith('<![CDATA[', i)) {
        const end = xml.indexOf(']]>', i);
        if (end < 0) fail('unclosed CDATA');
        el.text += xml.slice(i + 9, end);
        i = end + 3;
        continue;
      }
      el.children.push(element());
    }
  };
  if (xml.startsWith('<?xml')) {
    const end = xml.indexOf('?>');
    if (end < 0) fail('unclosed XML declaration');
    if (!/^<\?xml version="1\.[0-9]"( encoding="UTF-8")?\s*\?>$/.test(xml.slice(0, end + 2))) fail('bad XML declaration');
    i = end + 2;
  }
  skipSpace();
  const root = element();
  skipSpace();
  if (i !== xml.length) fail('content after the root element');
  return root;
}

export interface JUnitSummary {
  suites: { name: string; tests: number; failures: number; errors: number; cases: { name: string; classname: string; failure?: string; error?: string }[] }[];
}

/** Checks the JUnit shape and counts; returns what it read. Throws with the first problem. */
export function validateJUnit(xml: string): JUnitSummary {
  const root = parseXml(xml);
  const problem = (why: string): never => {
    throw new Error(`not JUnit XML: ${why}`);
  };
  if (root.name !== 'testsuites') problem(`the root is <${root.name}>, not <testsuites>`);
  const count = (el: XmlElement, a: string) => {
    const v = el.attrs[a];
    if (v === undefined || !/^[0-9]+$/.test(v)) problem(`<${el.name} name="${el.attrs.name}"> has no whole-number ${a}`);
    return Number(v);
  };
  const summary: JUnitSummary = { suites: [] };
  for (const suite of root.children) {
    if (suite.name !== 'testsuite') problem(`<testsuites> holds <${suite.name}>`);
    if (!suite.attrs.name) problem('a <testsuite> without a name');
    const s = { name: suite.attrs.name, tests: count(suite, 'tests'), failures: count(suite, 'failures'), errors: count(suite, 'errors'), cases: [] as JUnitSummary['suites'][number]['cases'] };
    for (const tc of suite.children) {
      if (tc.name !== 'testcase') problem(`<testsuite> holds <${tc.name}>`);
      if (!tc.attrs.name || tc.attrs.classname === undefined) problem('a <testcase> without name or classname');
      const kids = tc.children.filter((k) => k.name === 'failure' || k.name === 'error' || k.name === 'skipped');
      if (kids.length !== tc.children.length) problem(`<testcase> holds <${tc.children.find((k) => !kids.includes(k))!.name}>`);
      if (kids.length > 1) problem(`<testcase name="${tc.attrs.name}"> has more than one outcome`);
      const c: (typeof s.cases)[number] = { name: tc.attrs.name, classname: tc.attrs.classname };
      for (const k of kids) {
        if (k.attrs.message === undefined) problem(`a <${k.name}> without a message`);
        if (k.name === 'failure') c.failure = k.attrs.message;
        if (k.name === 'error') c.error = k.attrs.message;
      }
      s.cases.push(c);
    }
    if (s.tests !== s.cases.length) problem(`suite ${s.name}: tests="${s.tests}" but ${s.cases.length} testcases`);
    if (s.failures !== s.cases.filter((c) => c.failure !== undefined).length) problem(`suite ${s.name}: failures="${s.failures}" does not count its failures`);
    if (s.errors !== s.cases.filter((c) => c.error !== undefined).length) problem(`suite ${s.name}: errors="${s.errors}" does not count its errors`);
    summary.suites.push(s);
  }
  return summary;
}
