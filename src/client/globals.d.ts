/** Set by vite.config.ts: changes with every build. */
declare const __PUNDAY_BUILD__: string;
