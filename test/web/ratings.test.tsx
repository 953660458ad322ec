// @vitest-environment jsdom
/**
 * Ratings in the web client (docs/ratings.md): a provisional figure carries "?", the
 * game-over list says each rated seat's change (a first game without a "before"), in
 * English and German, the chart draws one point per game, and the leaderboard's address
 * names its pool (an unknown pool is 4p's).
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RatingChanges, RatingChart, ratingText } from '../../src/web/components/ratings.js';
import { seatLabels } from '../../src/web/game/model.js';
import { hrefOf, parseRoute } from '../../src/web/router.js';
import { renderApp } from './helpers.js';

const seats = seatLabels(
  ['Ann', 'Bea', 'Cy'].map((name, seat) => ({ seat, name, bot: null, connected: true, away: false })),
);
const ratings = {
  gameId: 'g1',
  pool: '3p' as const,
  seats: [
    { seat: 0, before: 1500, after: 1562, provisional: true },
    { seat: 2, before: null, after: 1431, provisional: false },
  ],
};

afterEach(cleanup);

describe('ratings on the web', () => {
  it('shows a provisional figure with "?"', () => {
    expect(ratingText(1580, true)).toBe('1,580?');
    expect(ratingText(1580, false)).toBe('1,580');
  });

  it('says what a rated game changed, seat by seat, in English and German', () => {
    const { unmount } = renderApp(<RatingChanges ratings={ratings} seats={seats} />);
    expect(screen.getByText('Ratings (3 players)')).toBeTruthy();
    expect(screen.getByTestId('rating-change-0').textContent).toBe(' Ann: 1,500 →  1,562? (+62)');
    expect(screen.getByTestId('rating-change-2').textContent).toBe(' Cy: first rated game 1,431');
    unmount();
    renderApp(<RatingChanges ratings={ratings} seats={seats} />, { language: 'de' });
    expect(screen.getByText('Wertungen (3 Spieler)')).toBeTruthy();
    expect(screen.getByTestId('rating-change-2').textContent).toContain('erste gewertete Partie');
  });

  it('draws one point per game of the history', () => {
    const points = [1500, 1562, 1540].map((rating, i) => ({ gameId: `g${i}`, rating, provisional: true, at: i }));
    renderApp(<RatingChart points={points} label="4p" />);
    const line = screen.getByTestId('rating-chart').querySelector('polyline');
    expect(line?.getAttribute('points')?.split(' ')).toHaveLength(3);
  });

  it('draws a first game’s one point in the middle, with its figure once', () => {
    renderApp(<RatingChart points={[{ gameId: 'g0', rating: 1605, provisional: true, at: 0 }]} label="2p" />);
    const chart = screen.getByTestId('rating-chart');
    expect([...chart.querySelectorAll('text')].map((t) => t.textContent)).toEqual(['1,605']);
    expect(chart.querySelector('circle')?.getAttribute('cx')).toBe('160');
  });

  it('addresses each pool’s leaderboard', () => {
    expect(hrefOf({ screen: 'leaderboard', pool: '5-6p' })).toBe('#/leaderboard/5-6p');
    expect(parseRoute('#/leaderboard/5-6p')).toEqual({ screen: 'leaderboard', pool: '5-6p' });
    expect(parseRoute('#/leaderboard/7p')).toEqual({ screen: 'leaderboard', pool: '4p' });
  });
});
