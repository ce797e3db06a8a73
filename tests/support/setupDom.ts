import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The component files run two at a time on a 2-core machine beside their jsdom renders: a
// screen that appears in 50 ms alone can take over a second then. Testing Library's default
// wait (1 s) failed findBy* on a busy CI run; a wait only lasts its full length when the test
// fails.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
