import type { CreateUser, UpdateUser, User, UserListQuery, UserListResponse } from '../../../src/contract/users';
import type { Database } from '../../db/client';
import type { Identity } from '../identity';
import { createUser, resetPassword } from './accounts';
import { createProfileChanger, type ChangedProfile } from './changeProfile';
import { listUsers } from './list';
import { toWireUser, type UsersContext } from './model';

export { escapeLike } from './list';
export { toWireUser, type UsersContext } from './model';

const wire = ({ profile, emailVerified }: ChangedProfile): User => toWireUser(profile, emailVerified);

/** The users service (spec 7 /api/admin/users): plain async functions over the database and the identity provider. */
export const createUsersService = ({ db, identity }: { db: Database; identity: Identity }) => {
  const changeProfile = createProfileChanger({ db, identity });

  return {
    /** Live (non-deleted) profiles, newest first, filtered and paged on the server, with their verified flags. */
    list: (query: UserListQuery, log?: UsersContext['log']): Promise<UserListResponse['data']> => listUsers({ db, identity }, query, log),

    /** The identity account, then the profile and its audit row (see accounts.ts); may replace an unverified self sign-up. */
    create: (context: UsersContext, input: CreateUser): Promise<User> => createUser({ db, identity }, context, input),

    /** PUT: name, role and the active flag (a disable or a demotion also revokes the account's sessions). */
    update: async (context: UsersContext, id: string, input: UpdateUser): Promise<User> =>
      wire(await changeProfile(context, id, () => ({ name: input.name, role: input.role, isActive: input.isActive }), 'user.update')),

    /** Flips the active flag (spec 4: the switch). */
    toggle: async (context: UsersContext, id: string): Promise<User> =>
      wire(await changeProfile(context, id, (current) => ({ isActive: !current.isActive }), 'user.toggle')),

    /** Soft delete (spec 4): the account is disabled and its sessions revoked, the profile marked deleted. */
    remove: async (context: UsersContext, id: string): Promise<void> => {
      await changeProfile(context, id, () => ({ deleted: true }), 'user.delete');
    },

    /** A new password and the end of every session (see accounts.ts). */
    resetPassword: (context: UsersContext, id: string, newPassword: string): Promise<void> =>
      resetPassword({ db, identity }, context, id, newPassword),
  };
};

export type UsersService = ReturnType<typeof createUsersService>;
