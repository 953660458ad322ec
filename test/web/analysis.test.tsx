// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Analysis, analyseRecord } from '../../src/analysis/index.js';
import { recordOf } from '../../src/record/index.js';
import { FLAWS, reasonText, stepOf } from '../../src/web/game/analysis.js';
import { replaySteps } from '../../src/web/game/replay.js';
import { i18n } from '../../src/web/i18n.js';
import { Replay } from '../../src/web/screens/Replay.js';
import { NAMES, newGame, passAll, playWhile, renderApp } from './helpers.js';

// jsdom lays nothing out and has no scrolling; a jump to a mistake scrolls the board into view.
const scrolled: Element[] = [];
Element.prototype.scrollIntoView = function (this: Element) {
  scrolled.push(this);
};

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// A 4-player round played by always taking the lowest legal card (a poor policy, so the
// analysis finds mistakes), analysed at a small budget.
const game = newGame({ players: 4, rounds: 1 }, 21);
passAll(game);
playWhile(game, () => true);
const record = recordOf(game, NAMES.slice(0, 4));
let analysis: Analysis;
beforeAll(() => {
  const made = analyseRecord(record, { iterations: 60, seed: 1 });
  if (!made.ok) throw new Error(made.error);
  analysis = made.value;
});

async function open(testId: string, text: string) {
  const input = screen.getByTestId(testId) as HTMLInputElement;
  fireEvent.change(input, { target: { files: [new File([text], 'x.json', { type: 'application/json' })] } });
}

describe('the analysis in the replay viewer', () => {
  it('shows accuracy, the timeline, the values on the cards, and jumps to the next mistake', async () => {
    renderApp(<Replay gameId={null} />);
    await open('record-file', JSON.stringify(record));
    await screen.findByTestId('analysis');
    await open('analysis-file', JSON.stringify(analysis));
    const panel = screen.getByTestId('analysis');
    await within(panel).findByTestId('analysis-players');
    expect(within(panel).getByTestId('analysis-timeline').querySelectorAll('polyline')).toHaveLength(4);
    const rows = within(within(panel).getByTestId('analysis-players')).getAllByRole('row').slice(1);
    rows.forEach((row, s) => {
      expect(row.textContent).toContain(`${analysis.players[s].accuracy.toFixed(0)}%`);
    });

    // The first seat with a flaw: "next mistake" lands on its first one.
    const steps = replaySteps(record);
    const flawed = analysis.decisions.find((d) => FLAWS.has(d.class) && d.kind === 'card');
    expect(flawed, 'the lowest-card policy makes at least one flawed card decision').toBeDefined();
    const first = analysis.decisions.find((d) => d.seat === flawed!.seat && FLAWS.has(d.class))!;
    fireEvent.change(within(panel).getByTestId('analysis-player'), { target: { value: String(flawed!.seat) } });
    fireEvent.click(within(panel).getByTestId('next-mistake'));
    await waitFor(() =>
      expect(screen.getByTestId('replay-where').textContent).toContain(`step ${stepOf(first, steps) + 1} of`),
    );
    // The board comes into view, at the seat to move when its cards carry values.
    expect(scrolled.at(-1)?.closest('.replay-table')).not.toBeNull();
    const here = within(panel).getByTestId('analysis-here').textContent!;
    expect(here).toContain(NAMES[first.seat]);
    expect(here).toContain(reasonText(first, i18n.getFixedT('en')));

    // At a card decision, every legal card in the player's hand carries its value.
    const cardStep = analysis.decisions.find((d) => d.kind === 'card' && d.options.length > 1)!;
    fireEvent.change(screen.getByRole('slider'), { target: { value: String(stepOf(cardStep, steps)) } });
    await waitFor(() =>
      expect(document.querySelectorAll('.replay-seat .card-badge').length).toBe(cardStep.options.length),
    );
    const best = document.querySelector(`.replay-seat [data-rank="${cardStep.best}"]`)!;
    expect(best.getAttribute('aria-label')).toContain('best');
    expect(best.querySelector('.card-badge')!.className).toContain('tone-best');
    // The move list marks each flawed decision of the round.
    const marks = within(panel).getByTestId('analysis-moves').querySelectorAll('.mark');
    expect(marks.length).toBe(analysis.decisions.filter((d) => FLAWS.has(d.class)).length);
  });

  it('speaks German and refuses a file that is not an analysis', async () => {
    renderApp(<Replay gameId={null} />, { language: 'de' });
    await open('record-file', JSON.stringify(record));
    await screen.findByTestId('analysis');
    await open('analysis-file', '{"format":"something-else"}');
    await screen.findByText('Das ist keine bottle-imp-analysis/1-Datei.');
    await open('analysis-file', JSON.stringify(analysis));
    await within(screen.getByTestId('analysis')).findByText('Nächster Fehler');
    expect(screen.getByTestId('analysis').textContent).toContain('Genauigkeit');
    // The reasons are in German too: the passes at the first step.
    const here = screen.getByTestId('analysis-here').textContent!;
    const passes = analysis.decisions.filter((d) => d.play === null && d.round === 0);
    for (const d of passes) expect(here).toContain(reasonText(d, i18n.getFixedT('de')));
    expect(here).toMatch(/Verteilungen|Punkte|Unsicherheit/);
  });

  it('shows the English reasons of an analysis stored before reasons had codes', async () => {
    renderApp(<Replay gameId={null} />, { language: 'de' });
    await open('record-file', JSON.stringify(record));
    await screen.findByTestId('analysis');
    const old = {
      ...analysis,
      decisions: analysis.decisions.map(({ reason: _, ...d }, i) => ({ ...d, why: `old reason ${i}` })),
    };
    await open('analysis-file', JSON.stringify(old));
    await within(screen.getByTestId('analysis')).findByText('Nächster Fehler');
    expect(screen.getByTestId('analysis-here').textContent).toContain('old reason 0');
  });
});
