import type { UpdateUser, User } from '../../../src/contract/users';
import { changeProfile, type ChangedProfile } from './changeProfile';
import { toWireUser, type UsersContext, type UsersStores } from './model';

// The users service (spec 7 /api/admin/users): plain async functions over the database and
// the identity provider, each taking those stores first.
export { createUser, resetPassword } from './accounts';
export { freeEmail, restoreUser } from './deleted';
export { listUsers } from './list';
export { toWireUser, type UsersContext, type UsersStores } from './model';

const wire = ({ profile, emailVerified }: ChangedProfile): User => toWireUser(profile, emailVerified);

/** PUT: name, role and the active flag (a disable or a demotion also revokes the account's sessions). */
export const updateUser = async (stores: UsersStores, context: UsersContext, id: string, input: UpdateUser): Promise<User> =>
  wire(
    await changeProfile(
      stores,
      context,
      id,
      () => ({ name: input.name, role: input.role, isActive: input.isActive }),
      'user.update',
      input.version,
    ),
  );

/** Flips the active flag (spec 4: the switch). */
export const toggleUser = async (stores: UsersStores, context: UsersContext, id: string): Promise<User> =>
  wire(await changeProfile(stores, context, id, (current) => ({ isActive: !current.isActive }), 'user.toggle'));

/** Soft delete (spec 4): the account is disabled and its sessions revoked, the profile marked deleted. */
export const deleteUser = async (stores: UsersStores, context: UsersContext, id: string, version?: number): Promise<void> => {
  await changeProfile(stores, context, id, () => ({ deleted: true }), 'user.delete', version);
};
