// Checks a live event's JSON before it touches the caches. The shapes are api.ts's `liveEvents`
// zod schemas, written out by hand so zod stays out of the browser's JavaScript (issue 7);
// live-check.test.ts holds the two to the same answers.
import type { LiveEvent, LiveEventType } from '#shared/api';
import { REACTION_KEYS } from '#shared/constants';

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isString = (value: unknown): value is string => typeof value === 'string';
const isInt = (value: unknown): value is number => Number.isInteger(value);

function isCounts(value: unknown): boolean {
  return isObject(value) && REACTION_KEYS.every((key) => isInt(value[key]));
}

const checks: Record<LiveEventType, (data: Json) => boolean> = {
  challenge: (d) => isString(d.day),
  pun: (d) => isString(d.id) && isString(d.userId) && isString(d.day),
  reactions: (d) => isString(d.punId) && isCounts(d.reactions),
  crowns: (d) => isString(d.userId) && isInt(d.crownCount),
  resync: () => true,
  moderation: (d) =>
    (d.punId === undefined || isString(d.punId)) &&
    isString(d.userId) &&
    typeof d.hidden === 'boolean',
};

/** The event's data when it has the shape its type promises; undefined otherwise. */
export function checkLiveEvent(type: LiveEventType, data: unknown): LiveEvent['data'] | undefined {
  if (!isObject(data) || !checks[type](data)) return undefined;
  return data as LiveEvent['data'];
}
