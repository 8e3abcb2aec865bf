// The board webview's page (client/src/boardHtml.ts, pure): its Content Security Policy, nonces,
// escaping, and no script. What Chromium makes of it is in test/browser.
import assert from 'node:assert/strict';
import { boardHtml, contentSecurityPolicy } from '../../client/src/boardHtml';
import { boardAt, renderBoardSvg } from '../../core';

describe('board webview page', () => {
  const svg = renderBoardSvg(boardAt('game mtg\nplayer alice\ncard lion "Lion": creature — Cat\n', 5), { theme: 'vscode', nonce: 'N1' });

  it('has the strict policy, with the nonce on every style element, and no script', () => {
    assert.equal(contentSecurityPolicy('https://x.test', 'N1'), "default-src 'none'; style-src https://x.test 'nonce-N1'; img-src https://x.test data:;");
    const html = boardHtml({ cspSource: 'https://x.test', nonce: 'N1', title: 't', svg });
    assert.ok(html.includes(`<meta http-equiv="Content-Security-Policy" content="default-src &#39;none&#39;; style-src https://x.test &#39;nonce-N1&#39;; img-src https://x.test data:;">`));
    const styles = html.match(/<style[^>]*>/g)!;
    assert.equal(styles.length, 2, 'the page\'s and the picture\'s');
    for (const s of styles) assert.equal(s, '<style nonce="N1">');
    assert.doesNotMatch(html, /<script|\son\w+=|javascript:/i);
    assert.doesNotMatch(html, /style="/, 'no inline style attributes (the policy would refuse them)');
  });

  it('escapes the title, the caption, the message and the findings', () => {
    const html = boardHtml({
      cspSource: 'https://x.test',
      nonce: 'N"1',
      title: '<img src=x onerror=alert(1)>',
      label: 'After <b>',
      message: 'a & b',
      findings: [{ code: 'x<y', severity: 'error" onclick="alert(1)', message: '</li><script>alert(1)</script>', rules: ['<1>'], range: { start: { line: 2 } } }],
    });
    assert.doesNotMatch(html, /<img|<script|<b>|onclick="alert/);
    assert.ok(html.includes('&lt;img src=x onerror=alert(1)&gt; — After &lt;b&gt;'));
    assert.ok(html.includes('<p class="message">a &amp; b</p>'));
    assert.ok(html.includes('Line 3: <code>x&lt;y</code> &lt;/li&gt;&lt;script&gt;'));
    assert.ok(html.includes('<style nonce="N&quot;1">'));
  });
});
