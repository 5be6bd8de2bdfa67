import { describe, expect, it } from 'vitest';
import { hasFilters, listQuery, readView, writeView } from './filters';
import { recommendationOf } from '@fitscore/contracts';

describe('the pipeline view in the address bar', () => {
  it('reads tab, search, filters and sort, and writes them back the same', () => {
    const params = new URLSearchParams(
      'tab=track&q=air&sector=SaaS&region=US&confidence=High&source=email&sort=-fitScore',
    );
    const view = readView(params);
    expect(view).toMatchObject({
      tab: 'track',
      q: 'air',
      sector: 'SaaS',
      region: 'US',
      confidence: 'High',
      source: 'email',
      sort: '-fitScore',
      stage: '',
      owner: '',
    });
    expect(writeView(view).toString()).toBe(params.toString());
    expect(hasFilters(view)).toBe(true);
  });

  it('falls back to defaults for unknown values and leaves defaults out of the address', () => {
    const view = readView(new URLSearchParams('tab=open&confidence=Huge&source=fax&sort=size&owner=bob'));
    expect(view).toMatchObject({ tab: 'all', confidence: '', source: '', sort: '-date', owner: '' });
    expect(writeView(view).toString()).toBe('');
    expect(hasFilters(view)).toBe(false);
  });

  it('a status page fixes the tab whatever the address says, and keeps it out of the address', () => {
    const view = readView(new URLSearchParams('tab=cold&q=x'), 'hot');
    expect(view.tab).toBe('hot');
    expect(writeView(view, 'hot').toString()).toBe('q=x');
  });

  it('turns the view into the list call (one value per filter, the tab as status)', () => {
    const view = readView(
      new URLSearchParams('tab=hot&q=%20pay%20&stage=Seed&owner=6f1c2a3b-0d4e-4f5a-8b6c-7d8e9f0a1b2c'),
    );
    expect(listQuery(view)).toEqual({
      status: 'hot',
      q: 'pay',
      stage: ['Seed'],
      owner: ['6f1c2a3b-0d4e-4f5a-8b6c-7d8e9f0a1b2c'],
      sort: '-date',
    });
    expect(listQuery(readView(new URLSearchParams()))).toEqual({ sort: '-date' });
  });
});

describe('Recommendation bands', () => {
  it('Strong Match at 80+, Consider at 60-79, Weak Match below 60', () => {
    expect([100, 80, 79, 60, 59, 0].map((s) => recommendationOf(s).label)).toEqual([
      'Strong Match',
      'Strong Match',
      'Consider',
      'Consider',
      'Weak Match',
      'Weak Match',
    ]);
  });
});
