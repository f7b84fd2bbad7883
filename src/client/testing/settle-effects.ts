// Vitest setup for every test file. Preact runs effects after the next frame, with a 35 ms timer
// as the fallback when no frame comes; a timer still pending when a jsdom file ends would fire
// after jsdom's globals are gone (ReferenceError: cancelAnimationFrame). Let those timers run
// while the DOM still exists.
import { afterAll } from 'vitest';

afterAll(async () => {
  if (typeof document === 'undefined') return;
  await new Promise((resolve) => setTimeout(resolve, 100));
});
