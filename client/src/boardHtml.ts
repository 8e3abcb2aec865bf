// The HTML of the board webview. Pure (no `vscode`), so a browser test can load exactly what the
// webview shows. No script at all: the panel is updated by setting its HTML again. The Content
// Security Policy allows nothing but the webview's own resources and nonce'd style elements (the
// page's and the SVG's); images only from the webview or data: URIs.
export interface BoardPageFinding {
  code: string;
  severity: string;
  message: string;
  rules: string[];
  range: { start: { line: number } };
}

export interface BoardPage {
  /** `webview.cspSource`. */
  cspSource: string;
  /** A fresh random nonce for every page; the SVG's <style> must carry the same. */
  nonce: string;
  /** The file's or scenario's title. */
  title: string;
  /** The picture (from the server's `boardScenario/board`), made with the same nonce. */
  svg?: string;
  /** `After line 10 (destroy lion)`. */
  label?: string;
  /** The findings on the cursor's line, listed under the picture. */
  findings?: BoardPageFinding[];
  /** Shown instead of a picture (no document, server not running, an error). */
  message?: string;
  /** The page's own words in the user's language (the client passes `vscode.l10n.t`); English without it. */
  t?: (english: string, ...args: Array<string | number | boolean>) => string;
}

/** `{0}`, `{1}`... replaced by the arguments: the English when no translation is given. */
function english(template: string, ...args: Array<string | number | boolean>): string {
  return template.replace(/\{(\d+)\}/g, (m, n: string) => (Number(n) < args.length ? String(args[Number(n)]) : m));
}

export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return `default-src 'none'; style-src ${cspSource} 'nonce-${nonce}'; img-src ${cspSource} data:;`;
}

const PAGE_CSS = `
body { font-family: var(--vscode-font-family, system-ui, sans-serif); font-size: var(--vscode-font-size, 13px);
  color: var(--vscode-foreground, #333); background: var(--vscode-editor-background, #fff); margin: 0; padding: 8px 12px 16px; }
.picture { overflow-x: auto; }
.picture svg { display: block; max-width: 100%; height: auto; }
.message { color: var(--vscode-descriptionForeground, #717171); font-style: italic; }
.findings { margin: 12px 0 0; padding: 0; list-style: none; }
.findings li { margin: 4px 0; padding: 4px 8px; border-left: 3px solid var(--vscode-editorInfo-foreground, #1a85ff); }
.findings li.error { border-left-color: var(--vscode-editorError-foreground, #e51400); }
.findings li.warning { border-left-color: var(--vscode-editorWarning-foreground, #bf8803); }
.findings code { font-family: var(--vscode-editor-font-family, monospace); }
.findings .rules { color: var(--vscode-descriptionForeground, #717171); }
`;

/**
 * A finding message as HTML: the core writes code in backticks (`` add `rules 2024-06-07` ``); each
 * code span is shown as code, everything else as text (escaped). A backtick run with no closing run
 * of the same length is text.
 */
export function messageHtml(text: string): string {
  let out = '';
  let from = 0;
  const runs = /`+/g;
  for (let m = runs.exec(text); m; m = runs.exec(text)) {
    const open = m[0];
    const close = new RegExp(`(?<!\`)${open}(?!\`)`, 'g');
    close.lastIndex = m.index + open.length;
    const c = close.exec(text);
    if (!c) continue;
    out += escapeHtml(text.slice(from, m.index)) + `<code>${escapeHtml(text.slice(m.index + open.length, c.index).trim())}</code>`;
    from = c.index + open.length;
    runs.lastIndex = from;
  }
  return out + escapeHtml(text.slice(from));
}

/** The picture is never shown smaller than this fraction of its size (its 12px text stays at least 11px): the panel scrolls instead. */
const MIN_SCALE = 11 / 12;

/** The picture's own width (its `width` attribute), or undefined. */
function svgWidth(svg: string): number | undefined {
  const m = /^<svg\b[^>]*?\swidth="(\d+(?:\.\d+)?)"/.exec(svg);
  return m ? Number(m[1]) : undefined;
}

export function boardHtml(page: BoardPage): string {
  const t = page.t ?? english;
  const nonce = escapeHtml(page.nonce);
  const w = page.svg ? svgWidth(page.svg) : undefined;
  const minWidth = w ? `\n.picture svg { min-width: ${Math.ceil(w * MIN_SCALE)}px; }` : '';
  const body: string[] = [];
  if (page.svg) body.push(`<div class="picture">${page.svg}</div>`);
  else body.push(`<p class="message">${escapeHtml(page.message ?? t('Nothing to show.'))}</p>`);
  if (page.svg && page.message) body.push(`<p class="message">${escapeHtml(page.message)}</p>`);
  if (page.findings && page.findings.length > 0) {
    body.push('<ul class="findings">');
    for (const f of page.findings) {
      const rules = f.rules.length > 0 ? ` <span class="rules">(${escapeHtml(f.rules.length === 1 ? t('rule {0}', f.rules[0]) : t('rules {0}', f.rules.join(', ')))})</span>` : '';
      body.push(`<li class="${escapeHtml(f.severity)}">${escapeHtml(t('Line {0}', f.range.start.line + 1))}: <code>${escapeHtml(f.code)}</code> ${messageHtml(f.message)}${rules}</li>`);
    }
    body.push('</ul>');
  }
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="UTF-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(contentSecurityPolicy(page.cspSource, page.nonce))}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1.0">',
    `<title>${escapeHtml(page.title)}${page.label ? ` — ${escapeHtml(page.label)}` : ''}</title>`,
    `<style nonce="${nonce}">${PAGE_CSS}${minWidth}</style>`,
    '</head>',
    '<body>',
    ...body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
