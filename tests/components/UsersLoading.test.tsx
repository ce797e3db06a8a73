import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildUser, renderUsers } from '../support/users';

// renders the app (or types into forms) on a shared 2-core machine: more than the default 5 s under load

describe('the users table while its first page loads', () => {
  it('shows no "0-0 of 0" range, then the real one', async () => {
    let answer: (value: { data: ReturnType<typeof buildUser>[]; total: number }) => void = () => undefined;
    const getList = vi.fn(() => new Promise<{ data: ReturnType<typeof buildUser>[]; total: number }>((resolve) => (answer = resolve)));
    renderUsers([], { getList } as never);
    expect(await screen.findByLabelText('Loading users...')).toBeInTheDocument();
    expect(screen.queryByText(/0\s*[–-]\s*0 of 0/)).not.toBeInTheDocument();
    expect(screen.getAllByText('Loading users...').length).toBeGreaterThan(0);

    const ann = buildUser();
    answer({ data: [ann], total: 1 });
    expect(await screen.findByText(ann.email)).toBeInTheDocument();
    expect(screen.getByText(/1\s*[–-]\s*1 of 1/)).toBeInTheDocument();
  });
});
