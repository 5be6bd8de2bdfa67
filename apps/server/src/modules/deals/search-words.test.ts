import { describe, expect, it } from 'vitest';
import { searchWordIndex, searchWords } from './search-words.ts';

describe('the words of a search term', () => {
  it('are its distinct lowered words of 3 characters or more, at most 8', () => {
    expect(searchWords('Startup  42 startup Robotics ab')).toEqual(['startup', 'robotics']);
    expect(searchWords('aaa bbb ccc ddd eee fff ggg hhh iii')).toHaveLength(8);
  });
});

describe('which words the trigram index is given', () => {
  it('asks the database once per fund and word, and answers from memory after that', async () => {
    const asked: string[][] = [];
    const rare = new Set(['robotics', 'acme']);
    const indexWords = searchWordIndex(async (fundId, words) => {
      asked.push([fundId, ...words]);
      return words.filter((w) => rare.has(w));
    });

    expect(await indexWords('fund-a', 'startup robotics')).toEqual(['robotics']);
    expect(await indexWords('fund-a', 'Robotics STARTUP')).toEqual(['robotics']);
    // A new word is asked about alone; a word of another fund is asked again.
    expect(await indexWords('fund-a', 'acme robotics')).toEqual(['acme', 'robotics']);
    expect(await indexWords('fund-b', 'robotics')).toEqual(['robotics']);
    // A term of common words only is broad (no word for the index), and remembered too.
    expect(await indexWords('fund-a', 'startup')).toEqual([]);
    expect(asked).toEqual([
      ['fund-a', 'startup', 'robotics'],
      ['fund-a', 'acme'],
      ['fund-b', 'robotics'],
    ]);
  });

  it('forgets the oldest words past its size', async () => {
    let calls = 0;
    const indexWords = searchWordIndex(async (_fund, words) => {
      calls += 1;
      return words;
    }, 2);
    await indexWords('f', 'one');
    await indexWords('f', 'two');
    await indexWords('f', 'three');
    await indexWords('f', 'three');
    expect(calls).toBe(3);
    await indexWords('f', 'one');
    expect(calls).toBe(4);
  });
});
