// Vitest setup for every test file; it acts only where there is a DOM (the jsdom files).
// - After each test: unmount what the test rendered (globals are unstubbed by vitest itself,
//   `unstubGlobals` in vitest.config.ts).
// - After the file: Preact runs effects after the next frame, with a 35 ms timer as the fallback
//   when no frame comes; a timer still pending when a jsdom file ends would fire after jsdom's
//   globals are gone (ReferenceError: cancelAnimationFrame). Let those timers run first.
import { afterAll, afterEach } from 'vitest';

afterEach(async () => {
  if (typeof document === 'undefined') return;
  const { cleanup } = await import('@testing-library/react');
  cleanup();
});

afterAll(async () => {
  if (typeof document === 'undefined') return;
  await new Promise((resolve) => setTimeout(resolve, 100));
});
