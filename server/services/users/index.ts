import type { UpdateUser, User } from '../../../src/contract/users';
import { changeProfile, type ChangedProfile } from './changeProfile';
import { toWireUser, type UsersContext, type UsersStores } from './model';

export { createUser, resetPassword } from './accounts';
export { freeEmail, restoreUser } from './deleted';
export { listUsers } from './list';
export { toWireUser, type UsersContext, type UsersStores } from './model';

const wire = ({ profile, emailVerified }: ChangedProfile): User => toWireUser(profile, emailVerified);

/** A disable or a demotion also revokes the account's sessions. */
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

/** spec 4 */
export const toggleUser = async (stores: UsersStores, context: UsersContext, id: string): Promise<User> =>
  wire(await changeProfile(stores, context, id, (current) => ({ isActive: !current.isActive }), 'user.toggle'));

/** spec 4: the account disabled and its sessions revoked, the profile marked deleted. */
export const deleteUser = async (stores: UsersStores, context: UsersContext, id: string, version?: number): Promise<void> => {
  await changeProfile(stores, context, id, () => ({ deleted: true }), 'user.delete', version);
};
