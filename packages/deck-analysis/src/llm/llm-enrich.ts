import { FACT_KINDS, SECTION_KINDS, type Fact, type FactKind, type SectionKind } from '@fitscore/contracts';
import { z } from 'zod';
import type { DeckText } from '../model.ts';
import { unitOf } from '../understand/facts.ts';
import { findNumbers } from '../understand/numbers.ts';

/**
 * Optional language model (any OpenAI-compatible endpoint, local servers included).
 * It may propose facts and section labels through a strict JSON schema; each must
 * quote its page, and we keep only what we can verify: the quote is on that page and
 * holds the number claimed, in the unit the kind needs. The built-in engine stays the
 * judge: model facts only fill metrics the deck and profile left empty. Any failure,
 * timeout or malformed answer returns null and the analysis is exactly the built-in one.
 */
export interface LlmConfig {
  baseUrl: string;
  model: string;
  apiKey: string;
  timeoutMs?: number;
}

export interface LlmExtras {
  facts: Fact[];
  sections: Array<{ page: number; kind: SectionKind }>;
}

const NUMERIC_KINDS = FACT_KINDS.filter((k) => !['priorExit', 'notableCompany', 'degree', 'amount', 'percent'].includes(k)) as FactKind[];
const MAX_PROMPT_CHARS = 60_000;

const JSON_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['facts', 'sections'],
  properties: {
    facts: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['kind', 'value', 'page', 'quote'],
        properties: {
          kind: { type: 'string', enum: NUMERIC_KINDS },
          value: { type: 'number' },
          page: { type: 'integer' },
          quote: { type: 'string' },
        },
      },
    },
    sections: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['page', 'kind', 'quote'],
        properties: { page: { type: 'integer' }, kind: { type: 'string', enum: SECTION_KINDS }, quote: { type: 'string' } },
      },
    },
  },
} as const;

const AnswerSchema = z.object({
  facts: z.array(z.object({ kind: z.enum(NUMERIC_KINDS as [FactKind, ...FactKind[]]), value: z.number(), page: z.number().int(), quote: z.string().min(1).max(400) })).max(200),
  sections: z.array(z.object({ page: z.number().int(), kind: z.enum(SECTION_KINDS), quote: z.string().min(1).max(400) })).max(200),
});

const SYSTEM = [
  'You read startup pitch decks. Extract numeric facts (revenue, MRR, ARR, growth, customers, users, market size, the raise, valuation, burn, cash, runway, CAC, LTV, churn, retention, gross margin, team size, pricing) and label pages with pitch-deck sections.',
  'Rules: every item must give the page number and a quote copied verbatim from that page that contains the figure. Values are plain numbers in full units (1.2M -> 1200000; 15% -> 15; 18 months -> 18).',
  'Do not infer, compute or guess; skip anything not written on the page.',
].join(' ');

const norm = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

function deckPrompt(deck: DeckText): string {
  let out = '';
  for (const p of deck.pages) {
    const block = `=== Page ${p.number} ===\n${p.text}${p.notes ? `\n[Speaker notes]\n${p.notes}` : ''}\n`;
    if (out.length + block.length > MAX_PROMPT_CHARS) break;
    out += block;
  }
  return out;
}

function verifiedValue(kind: FactKind, value: number, quote: string): { currency: string | null } | null {
  const unit = unitOf(kind);
  for (const t of findNumbers(quote)) {
    if (Math.abs(t.value - value) > Math.max(0.01, Math.abs(value) * 0.01)) continue;
    if (unit === 'currency' && (t.currency !== null || t.scaled)) return { currency: t.currency ?? 'USD' };
    if (unit === 'percent' && t.percent) return { currency: null };
    if (unit === 'months' && !t.currency && !t.percent) return { currency: null };
    if (unit === 'count' && !t.currency && !t.percent) return { currency: null };
  }
  return null;
}

export function verifyAnswer(deck: DeckText, answer: z.infer<typeof AnswerSchema>): LlmExtras {
  const pages = new Map(deck.pages.map((p) => [p.number, norm(`${p.text}\n${p.notes}`)]));
  const facts: Fact[] = [];
  for (const f of answer.facts) {
    const text = pages.get(f.page);
    if (!text || !text.includes(norm(f.quote))) continue;
    const ok = verifiedValue(f.kind, f.value, f.quote);
    if (!ok) continue;
    facts.push({
      id: `llm-${facts.length + 1}`,
      kind: f.kind,
      value: f.value,
      unit: unitOf(f.kind),
      currency: ok.currency,
      period: null,
      label: null,
      page: f.page,
      quote: f.quote.slice(0, 200),
      source: 'llm',
    });
  }
  const sections = answer.sections
    .filter((s) => pages.get(s.page)?.includes(norm(s.quote)))
    .map((s) => ({ page: s.page, kind: s.kind }));
  return { facts, sections };
}

export async function enrichWithLlm(deck: DeckText, config: LlmConfig, signal?: AbortSignal): Promise<LlmExtras | null> {
  try {
    const timeout = AbortSignal.timeout(config.timeoutMs ?? 20_000);
    const res = await fetch(`${config.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${config.apiKey}` },
      body: JSON.stringify({
        model: config.model,
        temperature: 0,
        messages: [
          { role: 'system', content: SYSTEM },
          { role: 'user', content: deckPrompt(deck) },
        ],
        response_format: { type: 'json_schema', json_schema: { name: 'deck_facts', strict: true, schema: JSON_SCHEMA } },
      }),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== 'string') return null;
    const parsed = AnswerSchema.safeParse(JSON.parse(content));
    if (!parsed.success) return null;
    return verifyAnswer(deck, parsed.data);
  } catch {
    return null;
  }
}
