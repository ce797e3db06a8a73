import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser, renderUsers } from '../support/users';

// renders the app on a shared 2-core machine: more than the default 5 s under load

describe('a user without a name in the users table', () => {
  it("shows the email's first part, greyed, and says why; a named user shows the name", async () => {
    const unnamed = buildUser({ id: 'u2', name: '', email: 'jo.rivera@acme.test' });
    const named = buildUser({ name: 'Ann Admin', email: 'ann@acme.test' });
    renderUsers([unnamed, named]);
    const standIn = await screen.findByText('jo.rivera');
    expect(standIn).toHaveStyle({ fontStyle: 'italic' });
    expect(standIn).toHaveAttribute('aria-label', 'No name given: the first part of the email is shown');
    const namedRow = screen.getByText('ann@acme.test').closest('tr')!;
    expect(within(namedRow).getByText('Ann Admin')).toBeInTheDocument();
    expect(within(namedRow).queryByText('ann')).not.toBeInTheDocument();
  });
});
