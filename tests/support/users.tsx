import { screen } from '@testing-library/react';
import type { GetListParams } from 'react-admin';
import { vi } from 'vitest';
import type { PortalDataProvider } from '@/dataProvider/types';
import { UserList } from '@/resources/users/UserList';
import type { UserRecord } from '@/resources/users/userTypes';
import { buildDataProvider, renderInAdmin } from './render';

export const buildUser = (overrides: Partial<UserRecord> = {}): UserRecord => ({
  id: 'u1',
  email: 'ann@example.test',
  name: 'Ann Admin',
  role: 'admin',
  isActive: true,
  lastLogin: '2025-03-05T10:30:00.000Z',
  createdAt: '2025-01-02T08:00:00.000Z',
  emailVerified: true,
  ...overrides,
});

/** Renders /users over a fake dataProvider whose getList returns `users`; overrides replace other calls. */
export const renderUsers = (
  users: UserRecord[] = [buildUser()],
  { total = users.length, ...overrides }: Partial<PortalDataProvider> & { total?: number } = {},
) => {
  const getList = vi.fn(async (_resource: string, _params: GetListParams) => ({ data: users, total }));
  const dataProvider = buildDataProvider({
    getList,
    create: vi.fn(async (_resource: string, { data }: { data: object }) => ({ data: { ...data, id: 'new' } })),
    update: vi.fn(async (_resource: string, { id, data }: { id: string; data: object }) => ({ data: { ...data, id } })),
    delete: vi.fn(async (_resource: string, { id }: { id: string }) => ({ data: { id } })),
    toggleUser: vi.fn(async (id) => ({ id })),
    resetPassword: vi.fn(async () => undefined),
    ...overrides,
  } as Partial<PortalDataProvider>);
  renderInAdmin(<UserList />, { dataProvider, path: '/users' });
  return { getList, dataProvider };
};

/** The table row showing this email. */
export const rowOf = async (email: string) => (await screen.findByText(email)).closest('tr') as HTMLElement;
