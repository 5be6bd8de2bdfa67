import { describe, expect, it } from 'vitest';
import { fromWire, matchMembers, mentionQuery, toWire } from './mentions';

const ann = { id: '11111111-1111-4111-8111-111111111111', name: 'Ann', email: 'ann@fund.test' };
const annLee = { id: '22222222-2222-4222-8222-222222222222', name: 'Ann Lee', email: 'lee@fund.test' };
const bob = { id: '33333333-3333-4333-8333-333333333333', name: 'Bob Stone', email: 'bob@fund.test' };

describe('mentions in the comment box', () => {
  it('finds the @query before the caret', () => {
    expect(mentionQuery('Hi @An', 6)).toEqual({ start: 3, query: 'An' });
    expect(mentionQuery('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQuery('mail me@fund.test', 17)).toBeNull();
    expect(mentionQuery('Hi @Ann and', 11)).toBeNull();
  });

  it('lists matching members, names starting with the query first', () => {
    expect(matchMembers([bob, annLee, ann], 'an').map((m) => m.name)).toEqual(['Ann Lee', 'Ann']);
    expect(matchMembers([bob, annLee, ann], 'sto').map((m) => m.name)).toEqual(['Bob Stone']);
    expect(matchMembers([bob, annLee, ann], '')).toHaveLength(3);
  });

  it('turns chosen @names into tokens and back', () => {
    const wire = toWire('@Ann Lee and @Ann, not @Annabel nor @Bob', [ann, annLee]);
    expect(wire).toBe(`@[Ann Lee](${annLee.id}) and @[Ann](${ann.id}), not @Annabel nor @Bob`);
    expect(fromWire(wire)).toEqual({
      text: '@Ann Lee and @Ann, not @Annabel nor @Bob',
      chosen: [
        { id: annLee.id, name: 'Ann Lee' },
        { id: ann.id, name: 'Ann' },
      ],
    });
    expect(toWire(wire, [ann, annLee])).toBe(wire);
  });
});
