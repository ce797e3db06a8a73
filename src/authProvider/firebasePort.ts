import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  EmailAuthProvider,
  initializeAuth,
  onAuthStateChanged,
  reauthenticateWithCredential,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signOut,
} from 'firebase/auth';
import type { RuntimeConfig } from '@/config';
import type { FirebaseAuthPort } from './portalAuth';

/**
 * `initializeAuth` with local persistence alone (spec 3), not `getAuth` then `setPersistence`:
 * no IndexedDB opened first, and the popup and redirect code stays out of the sign-in page.
 */
export const createFirebaseAuthPort = (config: RuntimeConfig): FirebaseAuthPort => {
  const auth = initializeAuth(initializeApp(config.firebase), { persistence: browserLocalPersistence });
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });

  return {
    signIn: async (email, password) => {
      return (await signInWithEmailAndPassword(auth, email, password)).user;
    },
    reauthenticate: async (email, password) => {
      if (!auth.currentUser) throw new Error('No signed-in user');
      await reauthenticateWithCredential(auth.currentUser, EmailAuthProvider.credential(email, password));
    },
    signUp: async (email, password) => {
      return (await createUserWithEmailAndPassword(auth, email, password)).user;
    },
    signOut: () => signOut(auth),
    sendPasswordResetEmail: (email) => sendPasswordResetEmail(auth, email),
    getIdTokenResult: async (forceRefresh) => {
      if (!auth.currentUser) throw new Error('No signed-in user');
      return auth.currentUser.getIdTokenResult(forceRefresh);
    },
    currentUser: () => auth.currentUser,
    onAuthStateChanged: (listener) => onAuthStateChanged(auth, listener),
    authStateReady: () => auth.authStateReady(),
  };
};
