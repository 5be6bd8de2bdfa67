import { mentionTokenPattern } from '@fitscore/contracts';

/**
 * Markdown-light, as comments are written: **bold**, *italic* (or _italic_), `inline code`,
 * [links](https://…) to http(s) addresses only, line breaks, and `@[Name](id)` mentions.
 * Parsed into a small tree that React renders as elements: no HTML string is ever made, so
 * whatever the text holds (tags, `javascript:` links) stays text.
 */
export type MdNode =
  | { type: 'text'; text: string }
  | { type: 'code'; text: string }
  | { type: 'strong'; children: MdNode[] }
  | { type: 'em'; children: MdNode[] }
  | { type: 'link'; href: string; children: MdNode[] }
  | { type: 'mention'; id: string; name: string }
  | { type: 'br' };

/** How deep bold/italic/links may nest (deeper is read as text). */
const MAX_DEPTH = 4;

/** An http(s) address as the link's target, or null (anything else is not a link). */
export function safeHref(raw: string): string | null {
  try {
    const url = new URL(raw);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

type Rule = { pattern: RegExp; make: (m: RegExpExecArray, depth: number) => MdNode | null; inLinks: boolean };

const rules: Rule[] = [
  { pattern: /`([^`]+)`/g, make: (m) => ({ type: 'code', text: m[1]! }), inLinks: true },
  { pattern: mentionTokenPattern(), make: (m) => ({ type: 'mention', name: m[1]!, id: m[2]!.toLowerCase() }), inLinks: false },
  {
    pattern: /\[([^\]]+)\]\(([^()\s]+)\)/g,
    make: (m, depth) => {
      const href = safeHref(m[2]!);
      return href ? { type: 'link', href, children: inline(m[1]!, depth + 1, false) } : null;
    },
    inLinks: false,
  },
  { pattern: /\*\*(?=\S)(.+?)(?<=\S)\*\*/g, make: (m, depth) => ({ type: 'strong', children: inline(m[1]!, depth + 1, true) }), inLinks: true },
  { pattern: /(?<!\*)\*(?=[^\s*])([^*]+?)(?<=\S)\*(?!\*)/g, make: (m, depth) => ({ type: 'em', children: inline(m[1]!, depth + 1, true) }), inLinks: true },
  { pattern: /(?<![\p{L}\p{N}_])_(?=\S)([^_]+?)(?<=\S)_(?![\p{L}\p{N}_])/gu, make: (m, depth) => ({ type: 'em', children: inline(m[1]!, depth + 1, true) }), inLinks: true },
];

function pushText(out: MdNode[], text: string) {
  if (!text) return;
  const last = out[out.length - 1];
  if (last?.type === 'text') last.text += text;
  else out.push({ type: 'text', text });
}

/** One line's inline marks; `links` false inside a link's text (no link in a link, no mention either). */
function inline(text: string, depth = 0, links = true): MdNode[] {
  const out: MdNode[] = [];
  if (depth > MAX_DEPTH) {
    pushText(out, text);
    return out;
  }
  let pos = 0;
  while (pos < text.length) {
    // The earliest mark from here; at the same place the first rule wins (code before everything).
    let best: { m: RegExpExecArray; rule: Rule } | null = null;
    for (const rule of rules) {
      if (!links && !rule.inLinks) continue;
      rule.pattern.lastIndex = pos;
      const m = rule.pattern.exec(text);
      if (m && (!best || m.index < best.m.index)) best = { m, rule };
    }
    if (!best) break;
    const node = best.rule.make(best.m, depth);
    if (!node) {
      // Not a mark after all (a link to a refused address): its first character is text.
      pushText(out, text.slice(pos, best.m.index + 1));
      pos = best.m.index + 1;
      continue;
    }
    pushText(out, text.slice(pos, best.m.index));
    out.push(node);
    pos = best.m.index + best.m[0].length;
  }
  pushText(out, text.slice(pos));
  return out;
}

/** The whole comment: its lines with their marks, a `br` between lines. */
export function parseMarkdownLight(text: string): MdNode[] {
  const out: MdNode[] = [];
  text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .forEach((line, i) => {
      if (i > 0) out.push({ type: 'br' });
      out.push(...inline(line));
    });
  return out;
}
