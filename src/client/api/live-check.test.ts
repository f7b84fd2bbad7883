import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type LiveEventType, liveEvents } from '#shared/api';
import { LIVE_EVENT_TYPES } from '#shared/constants';
import { checkLiveEvent } from './live-check';

const counts = { crown: 1, fire: 0, thinker: 2, laughing: 0 };

// One well-formed payload of every type, as the server sends it.
const valid: Record<LiveEventType, Record<string, unknown>> = {
  challenge: { day: '2026-11-23' },
  pun: { id: 'p1', userId: 'u1', day: '2026-11-23' },
  reactions: { punId: 'p1', reactions: counts },
  crowns: { userId: 'u1', crownCount: 3 },
  resync: {},
  moderation: { punId: 'p1', userId: 'u1', hidden: true },
};

// Wrong values for a field: missing, of another type, or not whole.
const wrongValues: unknown[] = [undefined, null, 7, 1.5, 'x', true, [], {}];

function agree(type: LiveEventType, data: unknown): void {
  const schema = liveEvents[type].safeParse(data).success;
  expect(checkLiveEvent(type, data) !== undefined, `${type} ${JSON.stringify(data)}`).toBe(schema);
}

describe('checkLiveEvent, the hand-written twin of the liveEvents schemas', () => {
  it('knows every live event type the server has', () => {
    expect([...LIVE_EVENT_TYPES].sort()).toEqual(Object.keys(liveEvents).sort());
  });

  it('accepts every well-formed event', () => {
    for (const type of LIVE_EVENT_TYPES) {
      expect(liveEvents[type].safeParse(valid[type]).success).toBe(true);
      expect(checkLiveEvent(type, valid[type])).toEqual(valid[type]);
    }
    // punId is optional on moderation: without it the event is a ban.
    agree('moderation', { userId: 'u1', hidden: true });
  });

  it('agrees with the schema when any one field is missing or of the wrong type', () => {
    for (const type of LIVE_EVENT_TYPES) {
      for (const key of Object.keys(valid[type])) {
        for (const wrong of wrongValues) agree(type, { ...valid[type], [key]: wrong });
      }
    }
    for (const key of Object.keys(counts)) {
      for (const wrong of wrongValues) {
        agree('reactions', { punId: 'p1', reactions: { ...counts, [key]: wrong } });
      }
    }
  });

  it('agrees with the schema on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.constantFrom(...LIVE_EVENT_TYPES), fc.jsonValue(), (type, data) => {
        agree(type, data);
      }),
      { numRuns: 500 },
    );
  });
});
