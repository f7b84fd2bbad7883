// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Challenge, Pun } from '#shared/api';
import { FALLBACK_CATEGORIES, PUN_MAX_LENGTH, PUN_WARNING_AFTER } from '#shared/constants';
import { messages } from '#shared/messages';
import {
  callsTo,
  type FakeHandler,
  jsonResponse,
  renderApp,
  signedInAs,
  stubServer,
  testUser,
} from '../../testing/renderApp';

const DAY = '2026-11-22';

function makeChallenge(overrides: Partial<Challenge> = {}): Challenge {
  return {
    day: DAY,
    category: 'Food',
    output: 'Restaurant Name',
    aiPun: 'Lettuce Turnip the Beet',
    aiStatus: 'success',
    ...overrides,
  };
}

function makePun(text: string): Pun {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    text,
    userId: testUser.id,
    authorName: testUser.displayName,
    category: 'Food',
    output: 'Restaurant Name',
    day: DAY,
    createdAt: new Date().toISOString(),
    reactions: { crown: 0, fire: 0, thinker: 0, laughing: 0 },
    myReaction: null,
  };
}

const challengeAnswer =
  (challenge: Challenge = makeChallenge()): FakeHandler =>
  () =>
    jsonResponse(200, { challenge, endsAt: '2026-11-23T08:00:00.000Z' });

function openCreateTab(handlers: Record<string, FakeHandler> = {}) {
  const fetchMock = stubServer({
    'GET /api/auth/session': signedInAs(testUser),
    'GET /api/challenge/today': challengeAnswer(),
    'GET /api/puns/mine/today': () => jsonResponse(200, { day: DAY, pun: null }),
    ...handlers,
  });
  const view = renderApp('/dashboard?tab=create');
  return { ...view, fetchMock };
}

async function punBox(): Promise<HTMLTextAreaElement> {
  const box = (await screen.findByLabelText('Your pun')) as HTMLTextAreaElement;
  await waitFor(() => expect(box.disabled).toBe(false));
  return box;
}

const submitButton = () => screen.getByRole('button', { name: /Submit/ }) as HTMLButtonElement;

describe('Create tab form', () => {
  it("shows today's category and output", async () => {
    openCreateTab();
    const card = await screen.findByRole('region', { name: "Today's challenge" });
    await within(card).findByText('Food');
    expect(within(card).getByText('Restaurant Name')).toBeTruthy();
    expect(within(card).getByText('Category')).toBeTruthy();
    expect(within(card).getByText('Create')).toBeTruthy();
  });

  it('counts n/280, turns orange above 224 and says how many characters remain', async () => {
    openCreateTab();
    const box = await punBox();
    const counter = document.getElementById('pun-counter') as HTMLElement;
    expect(counter.textContent).toBe(`0/${PUN_MAX_LENGTH}`);
    expect(counter.getAttribute('aria-live')).toBe('polite');

    fireEvent.input(box, { target: { value: 'a'.repeat(PUN_WARNING_AFTER) } });
    expect(counter.textContent).toBe(`${PUN_WARNING_AFTER}/${PUN_MAX_LENGTH}`);
    expect(counter.classList.contains('pun-counter-warn')).toBe(false);
    expect(screen.queryByText(/characters remaining/)).toBeNull();

    fireEvent.input(box, { target: { value: 'a'.repeat(230) } });
    expect(counter.classList.contains('pun-counter-warn')).toBe(true);
    expect(within(counter).getByText(`230/${PUN_MAX_LENGTH}`)).toBeTruthy();
    expect(within(counter).getByText(`${PUN_MAX_LENGTH - 230} characters remaining`)).toBeTruthy();
  });

  it('ignores input beyond 280 characters, pasted or typed, and counts an emoji once', async () => {
    openCreateTab();
    const box = await punBox();
    fireEvent.input(box, { target: { value: 'b'.repeat(PUN_MAX_LENGTH + 40) } });
    expect(box.value).toBe('b'.repeat(PUN_MAX_LENGTH));
    expect(screen.getByText(`${PUN_MAX_LENGTH}/${PUN_MAX_LENGTH}`)).toBeTruthy();

    // Typing in the middle of a full box changes nothing: the new letter is what is dropped.
    const full = 'b'.repeat(PUN_MAX_LENGTH);
    fireEvent.input(box, { target: { value: `${full.slice(0, 10)}X${full.slice(10)}` } });
    expect(box.value).toBe(full);

    fireEvent.input(box, { target: { value: '🥐'.repeat(PUN_MAX_LENGTH + 5) } });
    expect(Array.from(box.value)).toHaveLength(PUN_MAX_LENGTH);
    expect(screen.getByText(`${PUN_MAX_LENGTH}/${PUN_MAX_LENGTH}`)).toBeTruthy();
  });

  it('keeps what fits of a paste in the middle, with the caret after it', async () => {
    openCreateTab();
    const box = await punBox();
    const start = 'a'.repeat(PUN_MAX_LENGTH - 5);
    fireEvent.input(box, { target: { value: start } });
    fireEvent.input(box, {
      target: { value: `${start.slice(0, 10)}HELLOWORLD${start.slice(10)}` },
    });
    expect(box.value).toBe(`${start.slice(0, 10)}HELLO${start.slice(10)}`);
    expect([box.selectionStart, box.selectionEnd]).toEqual([15, 15]);

    // A letter typed into the full box is dropped, and the caret stays where it was typed.
    const full = box.value;
    fireEvent.input(box, { target: { value: `${full.slice(0, 3)}X${full.slice(3)}` } });
    expect(box.value).toBe(full);
    expect(box.selectionStart).toBe(3);
  });

  it('keeps Submit disabled while checking and while the text is empty', async () => {
    let answerMine: (response: Response) => void = () => {};
    const { fetchMock } = openCreateTab({
      'GET /api/puns/mine/today': () =>
        new Promise<Response>((resolve) => {
          answerMine = resolve;
        }),
    });
    const box = (await screen.findByLabelText('Your pun')) as HTMLTextAreaElement;
    // Still checking whether there is a pun today: nothing can be typed or sent.
    expect(box.disabled).toBe(true);
    expect(submitButton().disabled).toBe(true);

    // The query's fetch starts in an effect, which Preact runs after paint (React runs it sooner).
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/api/puns/mine/today')).toHaveLength(1));
    answerMine(jsonResponse(200, { day: DAY, pun: null }));
    await waitFor(() => expect(box.disabled).toBe(false));
    expect(submitButton().disabled).toBe(true);
    fireEvent.input(box, { target: { value: '   ' } });
    expect(submitButton().disabled).toBe(true);
    fireEvent.input(box, { target: { value: 'Pho King Good' } });
    expect(submitButton().disabled).toBe(false);
  });

  it("flips to You're Done for Today! with the pun as text after a successful submit", async () => {
    const text = '<b>Wok</b> This Way';
    let answerPost: (response: Response) => void = () => {};
    const { fetchMock } = openCreateTab({
      'POST /api/puns': () =>
        new Promise<Response>((resolve) => {
          answerPost = resolve;
        }),
    });
    const box = await punBox();
    fireEvent.input(box, { target: { value: text } });
    fireEvent.click(submitButton());
    const busy = (await screen.findByRole('button', {
      name: 'Submitting...',
    })) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(box.disabled).toBe(true);
    answerPost(jsonResponse(201, { pun: makePun(text) }));

    expect(await screen.findByRole('heading', { name: messages.submit.done })).toBeTruthy();
    // Shown as text, never as markup.
    expect(screen.getByText(text).innerHTML).toBe('&lt;b&gt;Wok&lt;/b&gt; This Way');
    expect(
      screen.getByText(/timer in the header shows when the next challenge starts/),
    ).toBeTruthy();
    expect(screen.queryByLabelText('Your pun')).toBeNull();
    expect(callsTo(fetchMock, 'POST', '/api/puns')[0]?.[1]?.body).toBe(JSON.stringify({ text }));
  });

  it('shows the done state when a pun already exists for today', async () => {
    openCreateTab({
      'GET /api/puns/mine/today': () => jsonResponse(200, { day: DAY, pun: makePun('Thai Tanic') }),
    });
    expect(await screen.findByRole('heading', { name: messages.submit.done })).toBeTruthy();
    expect(screen.getByText('Thai Tanic')).toBeTruthy();
    expect(screen.queryByLabelText('Your pun')).toBeNull();
  });

  it('treats 409 already_submitted as done and asks the server for the pun', async () => {
    let mine: Pun | null = null;
    const { fetchMock } = openCreateTab({
      'GET /api/puns/mine/today': () => jsonResponse(200, { day: DAY, pun: mine }),
      'POST /api/puns': () => {
        mine = makePun('Submitted from my phone');
        return jsonResponse(409, { error: 'already_submitted', message: messages.submit.done });
      },
    });
    const box = await punBox();
    fireEvent.input(box, { target: { value: 'A second try' } });
    fireEvent.click(submitButton());

    expect(await screen.findByRole('heading', { name: messages.submit.done })).toBeTruthy();
    expect(screen.getByText('Submitted from my phone')).toBeTruthy();
    expect(callsTo(fetchMock, 'GET', '/api/puns/mine/today')).toHaveLength(2);
    expect(screen.queryByText(messages.submit.failed)).toBeNull();
  });

  it('says the submit failed on a 500 and keeps what was typed', async () => {
    openCreateTab({
      'POST /api/puns': () => jsonResponse(500, { error: 'internal', message: 'Boom.' }),
    });
    const box = await punBox();
    fireEvent.input(box, { target: { value: 'Naan of your business' } });
    fireEvent.click(submitButton());

    expect((await screen.findByRole('alert')).textContent).toBe(messages.submit.failed);
    expect(box.value).toBe('Naan of your business');
    expect(submitButton().disabled).toBe(false);
    expect(screen.queryByRole('heading', { name: messages.submit.done })).toBeNull();
  });

  it("shows the server's reason when it refuses the pun (empty once sanitized)", async () => {
    openCreateTab({
      'POST /api/puns': () =>
        jsonResponse(400, { error: 'empty_pun', message: messages.submit.empty }),
    });
    const box = await punBox();
    fireEvent.input(box, { target: { value: '<>{}' } });
    fireEvent.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe(messages.submit.empty);
    expect(box.value).toBe('<>{}');
  });
});

describe('Create tab AI example (spec §4)', () => {
  async function aiArea(challenge: Challenge) {
    openCreateTab({ 'GET /api/challenge/today': challengeAnswer(challenge) });
    return screen.findByRole('region', { name: 'AI example' });
  }

  it('pending: a spinner and the brewing message', async () => {
    const area = await aiArea(makeChallenge({ aiStatus: 'pending', aiPun: null }));
    expect(within(area).getByText(messages.ai.pending)).toBeTruthy();
    expect(within(area).getByRole('status', { name: 'Generating' })).toBeTruthy();
  });

  it('success: the example pun and an encouragement', async () => {
    const area = await aiArea(makeChallenge({ aiStatus: 'success', aiPun: 'Brie-lliant Bistro' }));
    expect(within(area).getByText('Brie-lliant Bistro')).toBeTruthy();
    expect(within(area).getByText('Think you can top that?')).toBeTruthy();
  });

  it('failed: the punfortunate message', async () => {
    const area = await aiArea(makeChallenge({ aiStatus: 'failed', aiPun: null }));
    expect(within(area).getByText(messages.ai.failed)).toBeTruthy();
  });

  it('any other or empty value: no example yet', async () => {
    for (const aiStatus of ['', 'queued']) {
      const area = await aiArea(makeChallenge({ aiStatus, aiPun: null }));
      expect(within(area).getByText(messages.ai.none)).toBeTruthy();
      cleanup();
    }
  });
});

describe('Create tab without a challenge', () => {
  it('says the challenge cannot be loaded, with no form, and the header falls back', async () => {
    openCreateTab({
      'GET /api/challenge/today': () =>
        jsonResponse(503, { error: 'no_challenge', message: 'No challenge yet.' }),
    });
    // 503s are retried twice (1 s, then 2 s) before the query gives up.
    expect((await screen.findByRole('alert', {}, { timeout: 6_000 })).textContent).toBe(
      messages.challenge.unavailable,
    );
    expect(screen.queryByLabelText('Your pun')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit Pun' })).toBeNull();

    // spec §8: the header's tooltip shows a fallback category with 'Restaurant Name'.
    fireEvent.focus(screen.getByRole('button', { name: /^Time left today:/ }));
    const tooltip = screen.getByRole('tooltip');
    const shown = FALLBACK_CATEGORIES.filter((c) =>
      tooltip.textContent?.includes(`Category: ${c}`),
    );
    expect(shown).toHaveLength(1);
    expect(tooltip.textContent).toContain('Create: Restaurant Name');
  }, 10_000);
});
