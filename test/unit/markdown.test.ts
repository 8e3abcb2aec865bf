// server/src/markdown.ts: user text in hover Markdown shows as written and is never a link, an
// image or HTML. Checked by rendering with markdown-it with raw HTML and linkify on (more links than
// VS Code's hovers make), on examples and on generated text (fixed seed).
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { codeSpan, mdMessage, mdText } from '../../server/src/markdown';
import { renderMarkdown } from '../support/markdown';

/** Its HTML and visible text, with runs of white space as one space. */
function render(markdown: string): { html: string; text: string } {
  const { html, text } = renderMarkdown(markdown);
  return { html, text: text.replace(/\s+/g, ' ').trim() };
}

/** Rendered inside a sentence (where hovers put names and messages): no element but code, and the very text. */
function assertInert(markdown: string, original: string): void {
  const { html, text } = render(`Before ${markdown} after.`);
  const elements = [...html.matchAll(/<([a-z][a-z0-9]*)\b/g)].map((m) => m[1]).filter((e) => e !== 'p' && e !== 'code');
  assert.deepEqual(elements, [], `elements in ${html} (from ${JSON.stringify(original)})`);
  assert.equal(text, `Before ${original} after.`.replace(/\s+/g, ' ').trim(), `from ${JSON.stringify(original)}: ${html}`);
}

describe('hover Markdown: user text is inert', () => {
  const EXAMPLES = [
    '[x](http://evil.example/a)',
    '![i](https://evil.example/i.png)',
    '<a href="http://evil.example/h">h</a>',
    '<img src=x onerror=alert(1)>',
    'http://evil.example/raw and https://evil.example/s?q=1#f',
    'www.evil.example',
    'me@evil.example and mailto:me',
    'evil.com',
    '//evil.example/protocol-relative',
    '<http://evil.example/auto>',
    '[ref]\n\n[ref]: http://evil.example/r',
    '&lt;a href=&quot;x&quot;&gt; &#91;x&#93;(http://evil.example)',
    '*em* _em_ **strong** ~~del~~ `code` ``two`` \\ back\\slash',
    'a`b`c ``` x',
    'Grizzly Bears (rules 702.6a, 602.2b) e.g. v1.3',
  ];
  for (const s of EXAMPLES) {
    it(`mdText(${JSON.stringify(s)})`, () => assertInert(mdText(s.replace(/\n/g, ' ')), s.replace(/\n/g, ' ')));
  }

  it('words that could become links are code spans; other text keeps its words', () => {
    assert.equal(mdText('see http://x.example/a now'), 'see `http://x.example/a` now');
    assert.equal(mdText('a [b] <c> *d*'), 'a \\[b\\] \\<c\\> \\*d\\*');
    assert.equal(mdText('Silvercoat Lion'), 'Silvercoat Lion');
  });

  it('codeSpan fences with more backticks than the text has, padding a backtick at either end', () => {
    assert.equal(codeSpan('x'), '`x`');
    assert.equal(codeSpan('a`b'), '``a`b``');
    assert.equal(codeSpan('`a``'), '``` `a`` ```');
    assert.equal(render(codeSpan('`a``')).text, '`a``');
  });

  it("mdMessage keeps the core's code spans and escapes the text around them", () => {
    const m = mdMessage('Found "[x](http://evil.example)": add `rules 2024-06-07` or `card` *now*.');
    assert.equal(m, 'Found `"[x](http://evil.example)":` add `rules 2024-06-07` or `card` \\*now\\*.');
    assert.match(render(m).html, /<code>rules 2024-06-07<\/code>/);
    // A backtick with no closing run of its length is text.
    assertInert(mdMessage('an ` alone and ``a`` pair'), 'an ` alone and a pair');
    // Whatever a code span holds is inert.
    assertInert(mdMessage('`<a href="http://evil.example">x</a>`'), '<a href="http://evil.example">x</a>');
  });

  it('property: any text from link-making pieces renders as itself, with no link, image or HTML', () => {
    const pieces = ['[', ']', '(', ')', '!', '<', '>', '/', ':', '@', '.', '`', '*', '_', '~', '\\', '&', '#', '|', '"', "'", '=', ' ', 'a', 'x', 'é', 'http', 'https://', 'www.', 'com', 'evil.example', 'mailto:', 'href', 'amp;', 'lt;', '#91;'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 30 }), (parts) => {
        const s = parts.join('');
        assertInert(mdText(s), s);
      }),
      { seed: 0x6d64_7478, numRuns: 3000 },
    );
  });
});
