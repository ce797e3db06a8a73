import { sessionListResponseSchema, type SessionListResponse } from '../../src/contract/sessions';
import { compiledSerializer } from '../../server/plugins/compiledSerializer';
import { generateSessions } from '../../server/seed/sessions';

// The sessions list's writer (plugins/compiledSerializer.ts): the same answer as checking it
// against the schema and stringifying it, the app's default.
describe('an answer written from its compiled schema', () => {
  const write = compiledSerializer({ schema: sessionListResponseSchema });
  const page: SessionListResponse = {
    success: true,
    data: [...generateSessions(0, 50, { seed: 5, now: Date.parse('2026-11-01T12:00:00Z') })].map((session, index) => ({
      _id: session.id,
      sessionId: session.sessionId,
      sessionName: session.sessionName,
      userEmail: session.userEmail,
      userName: index % 2 === 0 ? null : `Rep ${index}`,
      startTime: new Date(session.startTime).toISOString(),
      duration: session.duration,
      status: session.status,
      // Each shape the contract allows: a room or none, a configuration version, null or none.
      metadata: { roomName: index % 3 === 0 ? null : `Room ${index}` },
      ...(index % 4 === 0 ? {} : { configVersion: index % 4 === 1 ? null : index }),
      statistics: session.statistics,
      landmineCount: index % 5,
    })),
    pagination: { page: 1, limit: 50, total: 10_000, pages: 200 },
  };

  it('is the default writer’s answer, key for key and value for value', () => {
    const written = write(page);
    expect(JSON.parse(written)).toEqual(JSON.parse(JSON.stringify(sessionListResponseSchema.parse(page))));
    expect(written).not.toMatch(/\s"|":\s/);
  });

  it('leaves out what the schema does not name', () => {
    const leaky = {
      ...page,
      debug: 'internal',
      data: page.data.map((row) => ({ ...row, passwordHash: 'x', statistics: { ...row.statistics, cost: 1 } })),
    };
    const written = JSON.parse(write(leaky));
    expect(written).not.toHaveProperty('debug');
    expect(written.data[0]).not.toHaveProperty('passwordHash');
    expect(written.data[0].statistics).not.toHaveProperty('cost');
    expect(written).toEqual(JSON.parse(write(page)));
  });
});
