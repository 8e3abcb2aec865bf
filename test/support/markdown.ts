// Markdown as a client shows it, for the tests that check user text in hovers stays inert:
// markdown-it (a devDependency) with raw HTML on and linkify, which turns bare URLs, `www.` names,
// e-mail addresses and even `example.com` into links (VS Code's hovers, rendered by marked with
// GFM, autolink fewer).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const MarkdownIt: new (options: object) => { render(text: string): string } = require('markdown-it');
const renderer = new MarkdownIt({ html: true, linkify: true });

/** The HTML of `markdown`, every link and image target in it, and its visible text. */
export function renderMarkdown(markdown: string): { html: string; targets: string[]; text: string } {
  const html = renderer.render(markdown);
  const targets = [...html.matchAll(/<(?:a|img)\b[^>]*?\b(?:href|src)="([^"]*)"/g)].map((m) => m[1]);
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
  return { html, targets, text };
}
