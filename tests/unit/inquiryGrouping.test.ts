import { describe, expect, it } from 'vitest';
import { assignGroups } from '../../server/services/insights/grouping';

/** The assignment rule of the new-inquiry grouping (docs/insights-grouping.md), on hand-made vectors. */
describe('assignGroups', () => {
  const angle = (degrees: number) => [Math.cos((degrees * Math.PI) / 180), Math.sin((degrees * Math.PI) / 180)];

  it('starts a group of its own id when nothing is grouped yet or nothing reaches the threshold', () => {
    expect(assignGroups([], [{ id: 'a', vector: [1, 0] }], 0.5)).toEqual([{ id: 'a', groupId: 'a', nearestId: null, similarity: null }]);
    const [far] = assignGroups([{ id: 'm', groupId: 'g', vector: [1, 0] }], [{ id: 'b', vector: [0, 1] }], 0.5);
    expect(far).toMatchObject({ id: 'b', groupId: 'b', nearestId: 'm' });
    expect(far.similarity).toBeCloseTo(0, 10);
  });

  it('joins the group of the most similar member, not the first one above the threshold, from the threshold on', () => {
    const members = [
      { id: 'm1', groupId: 'g1', vector: angle(40) },
      { id: 'm2', groupId: 'g2', vector: angle(10) },
    ];
    const [joined] = assignGroups(members, [{ id: 'p', vector: angle(0) }], 0.7);
    expect(joined).toMatchObject({ groupId: 'g2', nearestId: 'm2' });
    expect(joined.similarity).toBeCloseTo(Math.cos(Math.PI / 18), 10);
    // Exactly at the threshold joins; a hair under it does not.
    const similarity = joined.similarity!;
    expect(assignGroups(members, [{ id: 'p', vector: angle(0) }], similarity)[0].groupId).toBe('g2');
    expect(assignGroups(members, [{ id: 'p', vector: angle(0) }], similarity + 1e-12)[0].groupId).toBe('p');
  });

  it('compares directions, not lengths, and never joins through a zero vector', () => {
    const members = [{ id: 'm', groupId: 'g', vector: [3, 4] }];
    expect(assignGroups(members, [{ id: 'p', vector: [0.3, 0.4] }], 0.99)[0].groupId).toBe('g');
    expect(assignGroups(members, [{ id: 'z', vector: [0, 0] }], 0.3)[0].groupId).toBe('z');
  });

  it('assigns in the order given: a phrasing can join one assigned earlier in the same batch, which keeps its own group', () => {
    const assigned = assignGroups(
      [{ id: 'm', groupId: 'g', vector: angle(90) }],
      [
        { id: 'a', vector: angle(0) },
        { id: 'b', vector: angle(5) },
        { id: 'c', vector: angle(88) },
      ],
      0.9,
    );
    expect(assigned.map(({ id, groupId, nearestId }) => ({ id, groupId, nearestId }))).toEqual([
      { id: 'a', groupId: 'a', nearestId: 'm' },
      { id: 'b', groupId: 'a', nearestId: 'a' },
      { id: 'c', groupId: 'g', nearestId: 'm' },
    ]);
  });

  it('joins the group of the nearest member even when that member joined its group through another one', () => {
    // a-b and b-c are close, a-c is not: c still lands in a's group through b (nearest phrasing, not the group's first).
    const assigned = assignGroups(
      [
        { id: 'a', groupId: 'a', vector: angle(0) },
        { id: 'b', groupId: 'a', vector: angle(20) },
      ],
      [{ id: 'c', vector: angle(40) }],
      0.9,
    );
    expect(assigned[0]).toMatchObject({ groupId: 'a', nearestId: 'b' });
  });

  it('breaks ties for the member seen first', () => {
    const members = [
      { id: 'm1', groupId: 'g1', vector: angle(10) },
      { id: 'm2', groupId: 'g2', vector: angle(-10) },
    ];
    expect(assignGroups(members, [{ id: 'p', vector: angle(0) }], 0.5)[0]).toMatchObject({ groupId: 'g1', nearestId: 'm1' });
  });
});
