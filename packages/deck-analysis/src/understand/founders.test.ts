import { describe, expect, it } from 'vitest';
import type { SectionKind } from '@fitscore/contracts';
import type { PageText } from '../model.ts';
import { foundersInDeck } from './signals.ts';

const page = (number: number, title: string, text: string): PageText => ({ number, title, text: `${title}\n${text}`, notes: '', source: 'text' });
const count = (pages: PageText[], team: number[]) => foundersInDeck(pages, new Map(team.map((n): [number, SectionKind[]] => [n, ['team']])));

describe('founders counted from titles', () => {
  it('counts each person once, by the name on or beside the title line, on the page that shows most', () => {
    const pages = [
      page(18, 'MEET OUR TEAM', 'MR. SHIV\nKUMAR\nDirector & Founder Director\nDR. VIPIN KUMAR\nMedical Director'),
      page(19, 'Company Overview', 'Founder: Rahul Kumar\nCo-founders/Team: Shiv Kumar (Core Team Member)\nRahul Kumar (Founder): 60 %\nShiv Kumar ( Co- Founder) : 20%'),
    ];
    expect(count(pages, [18])).toMatchObject({ count: 2, page: 19 });
  });

  it('counts the names listed under a Founders heading', () => {
    const everpix = page(2, 'Founders', 'Pierre-Olivier Latour\nExecution\nApple, Cooliris\nKevin Quennesson\nScience\nWayne Fan\nDesign\nFrog Design, Odopod');
    expect(count([everpix], [2])).toMatchObject({ count: 3, page: 2 });
    const listed = page(7, 'Team', '● Founders\n– Yash Pratap\n– Rakesh Pandey\n● Investors\n–');
    expect(count([listed], [7]).count).toBe(2);
  });

  it('does not count advisors or a founder of another company', () => {
    const pages = [page(5, 'Team', 'Jane Doe\nCo-founder & CEO\nformer founder of Acme\nAdvisors\nJohn Roe, Founder of Foo')];
    expect(count(pages, [5]).count).toBe(1);
  });
});
