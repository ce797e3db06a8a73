import { describe, expect, it } from 'vitest';
import { assignGroups, contentStems, stem, WORD_OVERLAP_BAR, wordOverlap } from '../../server/services/insights/groupAssignment';

/** The assignment rule of the new-inquiry grouping (docs/insights-grouping.md), on hand-made vectors and texts. */
describe('content words', () => {
  it('drops the words that frame a question and keeps stems of what it is about', () => {
    expect([...contentStems('Can it transcribe calls in Portuguese?')]).toEqual(['transc', 'call', 'portug']);
    expect([...contentStems("We'd like to resell this to our own clients, is that possible?")]).toEqual(['resell', 'client']);
    expect([...contentStems('Is there a way to do it?')]).toEqual([]);
  });

  it('lets word forms meet: transcribe and transcription, resell and reseller, charity and charities, rep and reps', () => {
    for (const [a, b] of [
      ['transcribe', 'transcription'],
      ['resell', 'reseller'],
      ['charity', 'charities'],
      ['rep', 'reps'],
      ['meeting', 'meetings'],
    ])
      expect(stem(a), `${a} / ${b}`).toBe(stem(b));
    expect(stem('brazil')).not.toBe(stem('canada'));
  });

  it('scores the overlap as a Dice coefficient: a differing word pulls two texts apart', () => {
    const overlap = (a: string, b: string) => wordOverlap(contentStems(a), contentStems(b));
    expect(overlap('Do you support Portuguese transcription?', 'Can it transcribe calls in Portuguese?')).toBeCloseTo(4 / 6, 10);
    expect(overlap('Do you have an office in Brazil?', 'Do you have an office in Canada?')).toBeCloseTo(0.5, 10);
    expect(overlap('Is there a dark mode?', 'Who founded the company?')).toBe(0);
    expect(overlap('Is there a way?', 'Is there a way?')).toBe(0);
  });
});

describe('assignGroups', () => {
  // Texts without content words: a phrasing joins when the cosine alone reaches `bar` (threshold + WORD_OVERLAP_BAR).
  const assign = (members: Parameters<typeof assignGroups>[0], phrases: Parameters<typeof assignGroups>[1], bar: number) =>
    assignGroups(members, phrases, bar - WORD_OVERLAP_BAR);
  const angle = (degrees: number) => [Math.cos((degrees * Math.PI) / 180), Math.sin((degrees * Math.PI) / 180)];

  it('starts a group of its own id when nothing is grouped yet or nothing reaches the threshold', () => {
    expect(assign([], [{ id: 'a', text: '', vector: [1, 0] }], 0.5)).toEqual([
      { id: 'a', groupId: 'a', nearestId: null, similarity: null, overlap: null },
    ]);
    const [far] = assign([{ id: 'm', groupId: 'g', text: '', vector: [1, 0] }], [{ id: 'b', text: '', vector: [0, 1] }], 0.5);
    expect(far).toMatchObject({ id: 'b', groupId: 'b', nearestId: 'm' });
    expect(far.similarity).toBeCloseTo(0, 10);
  });

  it('joins the group of the most similar member, not the first one above the threshold, from the threshold on', () => {
    const members = [
      { id: 'm1', groupId: 'g1', text: '', vector: angle(40) },
      { id: 'm2', groupId: 'g2', text: '', vector: angle(10) },
    ];
    const [joined] = assign(members, [{ id: 'p', text: '', vector: angle(0) }], 0.7);
    expect(joined).toMatchObject({ groupId: 'g2', nearestId: 'm2' });
    expect(joined.similarity).toBeCloseTo(Math.cos(Math.PI / 18), 10);
    // Exactly at the threshold joins; a hair under it does not.
    const similarity = joined.similarity!;
    expect(assign(members, [{ id: 'p', text: '', vector: angle(0) }], similarity)[0].groupId).toBe('g2');
    expect(assign(members, [{ id: 'p', text: '', vector: angle(0) }], similarity + 1e-12)[0].groupId).toBe('p');
  });

  it('compares directions, not lengths, and never joins through a zero vector', () => {
    const members = [{ id: 'm', groupId: 'g', text: '', vector: [3, 4] }];
    expect(assign(members, [{ id: 'p', text: '', vector: [0.3, 0.4] }], 0.99)[0].groupId).toBe('g');
    expect(assign(members, [{ id: 'z', text: '', vector: [0, 0] }], 0.3)[0].groupId).toBe('z');
  });

  it('assigns in the order given: a phrasing can join one assigned earlier in the same batch, which keeps its own group', () => {
    const assigned = assign(
      [{ id: 'm', groupId: 'g', text: '', vector: angle(90) }],
      [
        { id: 'a', text: '', vector: angle(0) },
        { id: 'b', text: '', vector: angle(5) },
        { id: 'c', text: '', vector: angle(88) },
      ],
      0.9,
    );
    expect(assigned.map(({ id, groupId, nearestId }) => ({ id, groupId, nearestId }))).toEqual([
      { id: 'a', groupId: 'a', nearestId: 'm' },
      { id: 'b', groupId: 'a', nearestId: 'a' },
      { id: 'c', groupId: 'g', nearestId: 'm' },
    ]);
  });

  it("joins a group by its members' mean, not through one near member, and names that group's nearest member", () => {
    // a-b and b-c are close, a-c is not: the mean over a and b decides, so c no longer chains into the group through b.
    const members = [
      { id: 'a', groupId: 'a', text: '', vector: angle(0) },
      { id: 'b', groupId: 'a', text: '', vector: angle(20) },
    ];
    const mean = (Math.cos((40 * Math.PI) / 180) + Math.cos((20 * Math.PI) / 180)) / 2;
    expect(assign(members, [{ id: 'c', text: '', vector: angle(40) }], 0.9)[0]).toMatchObject({ groupId: 'c', nearestId: 'b' });
    expect(assign(members, [{ id: 'c', text: '', vector: angle(40) }], mean)[0]).toMatchObject({ groupId: 'a', nearestId: 'b' });
    // A group alike on the whole beats one with a single nearer member.
    const groups = [
      { id: 'm1', groupId: 'g1', text: '', vector: angle(0) },
      { id: 'm2', groupId: 'g1', text: '', vector: angle(60) },
      { id: 'm3', groupId: 'g2', text: '', vector: angle(12) },
      { id: 'm4', groupId: 'g2', text: '', vector: angle(18) },
    ];
    expect(assign(groups, [{ id: 'p', text: '', vector: angle(5) }], 0.5)[0]).toMatchObject({ groupId: 'g2', nearestId: 'm3' });
  });

  it('breaks ties for the member seen first', () => {
    const members = [
      { id: 'm1', groupId: 'g1', text: '', vector: angle(10) },
      { id: 'm2', groupId: 'g2', text: '', vector: angle(-10) },
    ];
    expect(assign(members, [{ id: 'p', text: '', vector: angle(0) }], 0.5)[0]).toMatchObject({ groupId: 'g1', nearestId: 'm1' });
  });
});

describe('assignGroups with words', () => {
  const angle = (degrees: number) => [Math.cos((degrees * Math.PI) / 180), Math.sin((degrees * Math.PI) / 180)];
  const threshold = 0.56;

  it('joins when the cosine plus the word overlap reaches the threshold plus the bar, from that sum on', () => {
    // cos(60°) = 0.5 is under the threshold alone; "calls in Portuguese" shares 2 of 3 stems with the member.
    const member = { id: 'm', groupId: 'g', text: 'Can it transcribe calls in Portuguese?', vector: angle(0) };
    const [joined] = assignGroups([member], [{ id: 'p', text: 'Will it work for calls in Portuguese?', vector: angle(60) }], threshold);
    expect(joined.groupId).toBe('g');
    expect(joined.similarity).toBeCloseTo(0.5, 10);
    expect(joined.overlap).toBeCloseTo(4 / 6, 10);
    const sum = joined.similarity! + joined.overlap!;
    const at = (bar: number) =>
      assignGroups([member], [{ id: 'p', text: 'Will it work for calls in Portuguese?', vector: angle(60) }], bar - WORD_OVERLAP_BAR)[0];
    expect(at(sum).groupId).toBe('g');
    expect(at(sum + 1e-9).groupId).toBe('p');
  });

  it('needs a cosine WORD_OVERLAP_BAR above the threshold when no content word is shared', () => {
    const member = { id: 'm', groupId: 'g', text: 'Is there an on-premise version?', vector: angle(0) };
    const cosine = threshold + WORD_OVERLAP_BAR;
    const near = (degrees: number) =>
      assignGroups([member], [{ id: 'p', text: 'Could we run it inside our own data center?', vector: angle(degrees) }], threshold)[0];
    expect(near((Math.acos(cosine - 0.01) * 180) / Math.PI).groupId).toBe('p');
    expect(near((Math.acos(cosine + 0.01) * 180) / Math.PI).groupId).toBe('g');
  });

  it('picks the member with the highest sum, not the highest cosine', () => {
    const members = [
      { id: 'close', groupId: 'g1', text: 'Do you have an office in Brazil?', vector: angle(10) },
      { id: 'worded', groupId: 'g2', text: 'Can our data stay in Canada?', vector: angle(30) },
    ];
    const [assigned] = assignGroups(
      members,
      [{ id: 'p', text: 'Do you have servers in Canada for data residency?', vector: angle(0) }],
      threshold,
    );
    expect(assigned).toMatchObject({ groupId: 'g2', nearestId: 'worded' });
  });
});
