import { afterEach, beforeEach, describe, expect, jest, test } from '@jest/globals';
import { installFetch, jsonResponse } from '@salon/shared/test/fetch';
import { envelope } from '@salon/shared/contracts/room-frame';
import { contestAccess, handleFrameMessage } from './frameMessages';
import { registerFramePort } from './framePort';
import { clearToasts, closeModal, $modal, type PageUser, setPageData, $toasts } from '@salon/shared';
import { anonymousPageData, exhibitorPageData, visitorPageData } from '@salon/shared/test/fixtures';
import { $contestScore, hasEnteredContest, markContestEntered, setContestScore } from './contest';

let fetchMock: ReturnType<typeof installFetch>;
let answer: () => Response;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  answer = () => jsonResponse({ data: { error: false, message: 'ok' } });
  fetchMock = installFetch(() => answer());
  setPageData(visitorPageData());
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  fetchMock.restore();
  setContestScore(null);
  clearToasts();
  jest.restoreAllMocks();
});

describe('the contest score (spec §7 handleContestParticipation)', () => {
  test('the frame message records the score: POST /api/contest/participation {score}, kept for the form', async () => {
    handleFrameMessage(envelope('handleContestParticipation', { score: 4 }));
    expect($contestScore.get()).toBe(4);
    await flush();
    expect(fetchMock.requests.map((r) => [r.method, r.url.pathname, r.json])).toEqual([
      ['POST', '/api/contest/participation', { score: 4 }],
    ]);
  });

  test.each([
    ['an anonymous visitor', anonymousPageData],
    ['an exhibitor', exhibitorPageData],
  ])('%s: the score is kept, no call the server would refuse', async (_who, page) => {
    setPageData(page());
    handleFrameMessage(envelope('handleContestParticipation', { score: 3 }));
    expect($contestScore.get()).toBe(3);
    await flush();
    expect(fetchMock.requests).toEqual([]);
  });

  test('a later game replaces the score', async () => {
    handleFrameMessage(envelope('handleContestParticipation', { score: 3 }));
    handleFrameMessage(envelope('handleContestParticipation', { score: 1 }));
    expect($contestScore.get()).toBe(1);
    await flush();
    expect(fetchMock.requests.map((r) => r.json)).toEqual([{ score: 3 }, { score: 1 }]);
  });

  test('a failed recording is not toasted and keeps the score for the form', async () => {
    answer = () => new Response('', { status: 503 });
    handleFrameMessage(envelope('handleContestParticipation', { score: 5 }));
    await flush();
    await flush();
    expect(fetchMock.requests).toHaveLength(1);
    expect($toasts.get()).toEqual([]);
    expect($contestScore.get()).toBe(5);
  });

  test('a score that is not a whole number from 0 to 5 is ignored, with a warning (null, empty, a boolean: not 0 or 1)', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const notNumbers: unknown[] = [
      'many',
      null,
      '',
      '  ',
      true,
      false,
      undefined,
      [],
      {},
      Number.NaN,
      Number.POSITIVE_INFINITY,
      'Infinity',
      2.5,
      -1,
      6,
      42,
      '1e9',
    ];
    for (const score of notNumbers) handleFrameMessage(envelope('handleContestParticipation', { score: score as number }));
    await flush();
    expect(fetchMock.requests).toEqual([]);
    expect($contestScore.get()).toBeNull();
    expect(warn).toHaveBeenCalledTimes(notNumbers.length);
    expect(warn.mock.calls[1]?.[0]).toContain('"handleContestParticipation" ignored');
  });

  test('a numeric string counts as its number', async () => {
    handleFrameMessage(envelope('handleContestParticipation', { score: ' 2 ' as unknown as number }));
    expect($contestScore.get()).toBe(2);
    await flush();
    expect(fetchMock.requests.map((r) => r.json)).toEqual([{ score: 2 }]);
  });
});

describe('who may play the quiz (spec §5), told to the frame before anyone starts it', () => {
  const users = {
    anonymous: { ...anonymousPageData().user, anonymous: true },
    visitor: visitorPageData().user,
    exhibitor: exhibitorPageData().user,
  };

  test.each([
    ['an anonymous visitor', users.anonymous, 'login'],
    ['a visitor with a profile route', users.visitor, 'open'],
    ['an exhibitor', users.exhibitor, 'closed'],
  ] as const)('%s', (_who, user, access) => {
    expect(contestAccess(user as PageUser, false)).toBe(access);
  });

  test("the frame's checkSound before its load event (no port yet): the access goes to the frame once it registers", () => {
    setPageData(anonymousPageData());
    handleFrameMessage(envelope('checkSound', { muted: false, available: true }));
    const postMessage = jest.fn();
    const unregister = registerFramePort({ window: () => ({ postMessage }) as unknown as Window, origin: 'http://localhost' });
    expect(postMessage).toHaveBeenCalledWith(envelope('setContestAccess', { access: 'login' }), 'http://localhost');
    unregister();
    // Told once: a frame registered later (nothing asked meanwhile) gets nothing more.
    const later = jest.fn();
    registerFramePort({ window: () => ({ postMessage: later }) as unknown as Window, origin: 'http://localhost' })();
    expect(later).not.toHaveBeenCalled();
  });

  test('a visitor who already entered the contest (page data, any case) is told at once: closed, then the modal', () => {
    const postMessage = jest.fn();
    const unregister = registerFramePort({ window: () => ({ postMessage }) as unknown as Window, origin: 'http://localhost' });
    setPageData({ ...visitorPageData(), contests_entered: ['Default'] });
    expect(hasEnteredContest()).toBe(true);
    handleFrameMessage(envelope('checkSound', { muted: false, available: true }));
    expect(postMessage).toHaveBeenLastCalledWith(envelope('setContestAccess', { access: 'closed' }), 'http://localhost');
    setPageData(visitorPageData());
    handleFrameMessage(envelope('checkSound', { muted: false, available: true }));
    expect(postMessage).toHaveBeenLastCalledWith(envelope('setContestAccess', { access: 'open' }), 'http://localhost');
    // Entering it on this page tells the frame at once; the next page data (another user) starts afresh.
    markContestEntered();
    expect(postMessage).toHaveBeenLastCalledWith(envelope('setContestAccess', { access: 'closed' }), 'http://localhost');
    expect(hasEnteredContest('DEFAULT')).toBe(true);
    expect(hasEnteredContest('printemps')).toBe(false);
    setPageData(visitorPageData());
    expect(hasEnteredContest()).toBe(false);
    unregister();
  });

  test("the frame's first checkSound is answered with setContestAccess; an anonymous visitor's contest modal is the login offer", () => {
    const postMessage = jest.fn();
    const unregister = registerFramePort({ window: () => ({ postMessage }) as unknown as Window, origin: 'http://localhost' });
    setPageData(anonymousPageData());
    handleFrameMessage(envelope('checkSound', { muted: false, available: true }));
    expect(postMessage).toHaveBeenCalledWith(envelope('setContestAccess', { access: 'login' }), 'http://localhost');
    handleFrameMessage(envelope('showContestModal', {}));
    expect($modal.get()).toEqual({ name: 'login-needed', reason: 'contest' });
    setPageData(visitorPageData());
    handleFrameMessage(envelope('showContestModal', {}));
    expect($modal.get()).toEqual({ name: 'contest' });
    closeModal();
    unregister();
  });
});
