import { XMLParser } from 'fast-xml-parser';
import { DeckError } from '../errors.ts';

/**
 * OOXML parts parsed with document order preserved (shapes, paragraphs and runs must
 * stay in order). Values stay strings: a run reading '2024' is text, not a number.
 */
export type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  htmlEntities: false,
});

export function parseXml(xml: string): XmlNode[] {
  // OOXML never carries a DTD; one here can only be an entity-expansion attack.
  if (/<!DOCTYPE/i.test(xml.slice(0, 2048))) throw new DeckError('corrupt');
  try {
    return parser.parse(xml) as XmlNode[];
  } catch (e) {
    throw new DeckError('corrupt', undefined, { cause: e });
  }
}

export function tagOf(node: XmlNode): string {
  for (const k of Object.keys(node)) if (k !== ':@') return k;
  return '';
}

export function kids(node: XmlNode): XmlNode[] {
  const v = node[tagOf(node)];
  return Array.isArray(v) ? (v as XmlNode[]) : [];
}

export function attr(node: XmlNode, name: string): string | undefined {
  const attrs = node[':@'] as Record<string, unknown> | undefined;
  const v = attrs?.[`@_${name}`];
  return typeof v === 'string' ? v : undefined;
}

export function child(node: XmlNode, tag: string): XmlNode | undefined {
  return kids(node).find((k) => tagOf(k) === tag);
}

export function children(node: XmlNode, tag: string): XmlNode[] {
  return kids(node).filter((k) => tagOf(k) === tag);
}

/** Depth-first search in document order. */
export function* descendants(nodes: readonly XmlNode[], tag: string): Generator<XmlNode> {
  for (const n of nodes) {
    if (tagOf(n) === tag) yield n;
    yield* descendants(kids(n), tag);
  }
}

export function textOf(node: XmlNode): string {
  const v = node['#text'];
  return typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';
}

/** Text of a DrawingML paragraph (a:p): runs, fields, breaks and tabs. */
export function paragraphText(p: XmlNode): string {
  let out = '';
  for (const k of kids(p)) {
    const tag = tagOf(k);
    if (tag === 'a:r' || tag === 'a:fld') {
      for (const t of children(k, 'a:t')) for (const tn of kids(t)) out += textOf(tn);
    } else if (tag === 'a:br') out += '\n';
    else if (tag === 'a:tab') out += ' ';
  }
  return out;
}

/** Paragraphs of a text body (p:txBody, a:txBody, dgm:t). */
export function bodyLines(body: XmlNode): string[] {
  return children(body, 'a:p')
    .map(paragraphText)
    .flatMap((t) => t.split('\n'))
    .map((t) => t.trim())
    .filter((t) => t !== '');
}
