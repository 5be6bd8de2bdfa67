/**
 * Figures as OCR misreads them. In a word that is plainly a number (it holds digits and is
 * built only of digits, separators, a currency sign, a scale letter or a percent sign), the
 * letters that look like digits are the digits: 'O'/'o' is 0 and 'l'/'I'/'|' is 1 ('$1O0M' is
 * '$100M', '1,2OO' is '1,200'), and a leading 'S' before an amount with a scale or separators is
 * the dollar sign whose stroke was lost ('S5M', 'S1.2M'). A word that mixes digits with other
 * letters in a way no figure is written ('1O0x2') is kept as it is: the number reader does
 * not take it for a figure.
 */

/** Currency or 'S', then digits and look-alikes, then an optional scale and percent sign. */
const NUMBER_LIKE = /^(?<open>[(]?)(?<cur>[$€£₹S]?)(?<body>[\dOoIl|]+(?:[.,][\dOoIl|]+)*)(?<tail>(?:[kKmMbB]|bn|Bn|mn|mm)?\+?%?)(?<punct>[.,;:)]?)$/u;

export function repairOcrNumbers(word: string): string {
  const m = NUMBER_LIKE.exec(word);
  if (!m?.groups) return word;
  const { open = '', cur = '', body = '', tail = '', punct = '' } = m.groups;
  // A number needs a real digit ('lo', 'IO', 'Il' stay words), and starts with one unless a
  // currency sign opens it ('l0l' stays as it is, '$O.5M' is '$0.5M').
  if (!/\d/.test(body) || (cur === '' && !/^\d/.test(body))) return word;
  const fixed = body.replace(/[Oo]/g, '0').replace(/[Il|]/g, '1');
  // 'S' stands for '$' only before an amount ('S5M', 'S1.2M', 'S10,000'), never before a bare
  // code such as 'S3'.
  const dollar = cur === 'S' ? (/[kKmMbB]/.test(tail) || /[.,]\d{3}\b|\.\d/.test(fixed) ? '$' : null) : cur;
  if (dollar === null) return word;
  return `${open}${dollar}${fixed}${tail}${punct}`;
}

/**
 * The rupee sign, which the English model does not know, read as '¥' or '%' ('¥1.26 Cr',
 * '%2.5 CR'): before an amount in lakh or crore, which only rupees are counted in, it is '₹'.
 */
const RUPEE_MISREAD = /(?<![\p{L}\p{N}])[¥%](?=\s?\d[\d.,]*\s?(?:l|lakhs?|lacs?|cr|crores?)(?![\p{L}]))/giu;

export function repairOcrLine(line: string): string {
  return line.replace(RUPEE_MISREAD, '₹');
}
