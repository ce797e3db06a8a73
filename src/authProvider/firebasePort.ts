import { initializeApp } from 'firebase/app';
import {
  browserLocalPersistence,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  EmailAuthProvider,
  getAuth,
  onAuthStateChanged,
  reauthenticateWithCredential,
  sendPasswordResetEmail,
  setPersistence,
  signInWithEmailAndPassword,
  signOut,
} from 'firebase/auth';
import type { RuntimeConfig } from '../config';
import type { FirebaseAuthPort } from './portalAuth';

/**
 * The real FirebaseAuthPort: initialises Firebase from the runtime config, connects to the
 * Auth emulator when one is configured, and keeps the session in local persistence (spec 3).
 */
export const createFirebaseAuthPort = (config: RuntimeConfig): FirebaseAuthPort => {
  const auth = getAuth(initializeApp(config.firebase));
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });
  const persistence = setPersistence(auth, browserLocalPersistence);

  return {
    signIn: async (email, password) => {
      await persistence;
      return (await signInWithEmailAndPassword(auth, email, password)).user;
    },
    reauthenticate: async (email, password) => {
      if (!auth.currentUser) throw new Error('No signed-in user');
      await reauthenticateWithCredential(auth.currentUser, EmailAuthProvider.credential(email, password));
    },
    signUp: async (email, password) => {
      await persistence;
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
