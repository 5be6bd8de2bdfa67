import { describe, expect, it } from 'vitest';
import { assessText, normalizeText, ocrNeed, stripGarbage } from './text-quality.ts';

// What a font without a usable ToUnicode map yields (a substitution cipher of glyph codes).
const CIPHER = 'Gi`Z\\`jX`dgfikXekZfeZ\\ie]fiZljkfd\\ij Yffb`e^kiXm\\cfec`e\\% ?fk\\cjc\\Xm\\pfl[`jZfee\\Zk\\[]ifdk_\\Z`kp Xe[`kjZlckli\\%';
const ENGLISH =
  'Price is an important concern for customers booking travel online. Hotels leave you disconnected from the city and its culture. No easy way exists to book a room with a local.';

describe('text quality', () => {
  it('flags cipher text from broken font encodings as garbage', () => {
    expect(ocrNeed(assessText(`Problem\n${CIPHER}\n19 rausch street, san francisco`))).toBe('garbage');
  });

  it('accepts ordinary slide text, numbers, URLs and camel-case brand names', () => {
    expect(ocrNeed(assessText(`${ENGLISH} Visit www.example.com or mail joe@example.com. MRR $45K, 18% MoM. iPhone, eBay, YouTube.`))).toBe('none');
  });

  it('calls a page with a handful of words sparse', () => {
    expect(ocrNeed(assessText('Thank you'))).toBe('sparse');
    expect(ocrNeed(assessText(''))).toBe('sparse');
  });

  it('counts CJK and Arabic text as real text', () => {
    const q = assessText('日本語のテキストがたくさんあります。これはテストです。市場規模は大きいです。');
    expect(q.otherScriptChars).toBeGreaterThan(20);
    expect(q.garbageChars).toBe(0);
    expect(ocrNeed(q)).toBe('none');
  });

  it('normalises presentation forms, ligatures, invisible marks and spacing', () => {
    expect(normalizeText('\u202bﻟﻌﺮﺑﻴﺔ\u202c')).toBe('لعربية');
    expect(normalizeText('ﬁnance  \u00a0 team\r\n\r\n  next ')).toBe('finance team\nnext');
  });

  it('strips garbage tokens and keeps the rest', () => {
    expect(stripGarbage(`Problem ${CIPHER}`)).toBe('Problem');
  });
});
