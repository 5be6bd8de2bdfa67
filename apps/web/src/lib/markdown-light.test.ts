import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MarkdownLight } from '@/components/ui/markdown-light';
import { parseMarkdownLight, safeHref } from './markdown-light';

const html = (text: string) => renderToStaticMarkup(createElement(MarkdownLight, { text }));
const ID = '0b9a6a4e-5d0c-4c59-9a57-2f8e2b0c1d11';

describe('Markdown-light', () => {
  it('reads bold, italic, inline code, http(s) links, mentions and line breaks', () => {
    expect(parseMarkdownLight(`**Strong** team, *fast* and _lean_: \`arr > 1m\`\nSee [deck](https://acme.test/deck) @[Cleo](${ID})`)).toEqual([
      { type: 'strong', children: [{ type: 'text', text: 'Strong' }] },
      { type: 'text', text: ' team, ' },
      { type: 'em', children: [{ type: 'text', text: 'fast' }] },
      { type: 'text', text: ' and ' },
      { type: 'em', children: [{ type: 'text', text: 'lean' }] },
      { type: 'text', text: ': ' },
      { type: 'code', text: 'arr > 1m' },
      { type: 'br' },
      { type: 'text', text: 'See ' },
      { type: 'link', href: 'https://acme.test/deck', children: [{ type: 'text', text: 'deck' }] },
      { type: 'text', text: ' ' },
      { type: 'mention', id: ID, name: 'Cleo' },
    ]);
  });

  it('nests marks and leaves code alone', () => {
    expect(html('**bold with *italic* inside**')).toBe('<div><strong class="font-semibold">bold with <em>italic</em> inside</strong></div>');
    expect(html('`**not bold**`')).toContain('<code class="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.85em] text-slate-800">**not bold**</code>');
    expect(html('2 * 3 * 4 and snake_case_name')).toBe('<div>2 * 3 * 4 and snake_case_name</div>');
  });

  it('renders a link to http(s) only, opening safely', () => {
    expect(html('[site](http://a.test)')).toBe(
      '<div><a href="http://a.test/" target="_blank" rel="noopener noreferrer nofollow" class="break-all text-brand-700 underline hover:text-brand-800">site</a></div>',
    );
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:x', '//evil.test', '/relative']) {
      expect(safeHref(bad)).toBeNull();
      const out = html(`[click](${bad})`);
      expect(out).not.toContain('<a');
      expect(out).toContain('[click]');
    }
  });

  it('never lets HTML through (XSS attempts stay text)', () => {
    const attack = '<script>alert(1)</script><img src=x onerror="alert(2)"> **<b>bold</b>** [x](https://a.test/"onmouseover="steal)';
    const out = html(attack);
    // The only elements are the renderer's own.
    expect(out.match(/<[a-z]+/g)).toEqual(['<div', '<strong', '<a']);
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=&quot;alert(2)&quot;&gt;');
    expect(out).toContain('<strong class="font-semibold">&lt;b&gt;bold&lt;/b&gt;</strong>');
    // The quote in the address is percent-encoded by URL: it cannot end the attribute.
    expect(out).toContain('href="https://a.test/%22onmouseover=%22steal"');
    // A mention's name is text too.
    expect(html(`@[<img src=x onerror=alert(4)>](${ID})`)).not.toContain('<img');
  });
});
