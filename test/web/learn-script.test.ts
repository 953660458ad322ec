import { describe, expect, it } from 'vitest';
import type { Game, Rank } from '../../src/engine/index.js';
import { botMove, expectedMove, LEARNER, type LessonId, lessonNow, newLearnGame } from '../../src/web/game/learn.js';
import { coachDe, coachEn } from '../../src/web/locales/coach.js';

/**
 * Play the guided game to the end as a player who reads every lesson and does what it
 * says: the game, the lessons shown and the cards the player played.
 */
function playThrough(): { game: Game; shown: LessonId[]; played: Rank[] } {
  const game = newLearnGame();
  const read = new Set<LessonId>();
  const shown: LessonId[] = [];
  const played: Rank[] = [];
  for (let guard = 0; guard < 200; guard++) {
    const lesson = lessonNow(game, read);
    if (lesson && shown.at(-1) !== lesson.id) shown.push(lesson.id);
    if (lesson?.id === 'end') return { game, shown, played };
    if (lesson?.kind === 'read') {
      read.add(lesson.id);
      continue;
    }
    const mine = expectedMove(game);
    const bot = botMove(game);
    const action = mine
      ? mine.type === 'pass'
        ? { type: 'pass' as const, seat: LEARNER, pass: mine.pass }
        : { type: 'play' as const, seat: LEARNER, card: mine.card }
      : bot;
    if (!action) throw new Error('stuck');
    const r = game.apply(action);
    if (!r.ok) throw new Error(r.error.detail);
    if (mine?.type === 'play') played.push(mine.card);
    if (mine && lesson) read.add(lesson.id);
  }
  throw new Error('the guided game did not end');
}

describe('the guided first game', () => {
  it('is a legal round that the engine plays to the end, showing every lesson in order', () => {
    const { game, shown } = playThrough();
    expect(game.phase).toBe('over');
    // Each rule comes up when it first matters: passing, following suit, the highest card
    // below the price, the bottle sold on at a lower price and sold on again (Doris buys it
    // back from the player), a trick with nothing below it, the last trick, the devil's
    // trick at the end.
    expect([...new Set(shown)]).toEqual([
      'welcome',
      'pass',
      'received',
      'follow',
      'firstTrick',
      'play',
      'sold',
      'lead',
      'soldOn',
      'noBelow',
      'last',
      'end',
    ]);
    const result = game.log[0].result!;
    // A bot is left holding the bottle, and the player scores the tricks it won.
    expect(result.bottles[0].owner).not.toBe(LEARNER);
    expect(result.scores[LEARNER]).toBeGreaterThan(0);
  });

  it('says, in every language, why to play each card it marks', () => {
    const { played: mine } = playThrough();
    expect(mine).toHaveLength(8);
    for (const words of [coachEn, coachDe])
      for (const card of mine) expect(words.learn.why[card as keyof typeof words.learn.why]).toMatch(/\S/);
    expect(
      Object.keys(coachEn.learn.why)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([...mine].sort((a, b) => a - b));
  });
});
