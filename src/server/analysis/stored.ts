/**
 * A stored analysis read back (the store keeps it as JSON text): checked against the
 * `bottle-imp-analysis/1` document (docs/analysis.md) before it is sent, as table rows are
 * (store/rows.ts). One stored before reasons had codes has only the English `why` in each
 * decision; each decision must have one or the other. Fields unknown here are dropped, so
 * only what the document describes reaches a client.
 */
import { z } from 'zod';
import { ANALYSIS_FORMAT } from '../../analysis/index.js';
import type { AnalysisDocument } from '../../protocol/messages.js';
import { decode } from '../decode.js';

const count = z.number().int().min(0);
const figure = z.number().finite();
const seat = z.number().int().min(0).max(5);
const rank = z.number().int();
const action = z.union([
  rank,
  z.object({ left: rank, right: rank, devil: z.array(rank) }),
  z.object({ faceUp: rank, hidden: rank, devil: z.array(rank) }),
]);
const decisionClass = z.enum(['good', 'inaccuracy', 'mistake', 'blunder', 'forced']);
const trick = z
  .discriminatedUnion('code', [
    z.object({ code: z.enum(['buysBottle', 'keepsBottle']), price: rank, cardsLeft: count }),
    z.object({ code: z.literal('takesTrick'), cardsLeft: count }),
  ])
  .optional();
const reason = z.discriminatedUnion('code', [
  z.object({ code: z.literal('forced') }),
  z.object({ code: z.literal('best'), risk: figure }),
  z.object({ code: z.literal('withinError'), best: action, error: figure }),
  z.object({ code: z.literal('riskier'), best: action, risk: figure, bestRisk: figure, trick }),
  z.object({ code: z.literal('safer'), best: action, risk: figure, bestRisk: figure, loss: figure, trick }),
  z.object({ code: z.literal('points'), best: action, loss: figure, value: figure, bestValue: figure, trick }),
]);

const decision = z
  .object({
    round: count,
    play: count.nullable(),
    seat,
    kind: z.enum(['pass', 'card']),
    chosen: action,
    best: action,
    options: z.array(z.object({ action, value: figure, error: figure })),
    loss: figure,
    class: decisionClass,
    reason: reason.optional(),
    why: z.string().optional(),
  })
  .refine((d) => d.reason !== undefined || d.why !== undefined, { message: 'a decision needs a reason or a why' });

const AnalysisDocumentSchema: z.ZodType<AnalysisDocument> = z.object({
  format: z.literal(ANALYSIS_FORMAT),
  iterations: count,
  seed: z.number().int(),
  thresholds: z.object({ inaccuracy: figure, mistake: figure, blunder: figure }),
  players: z.array(
    z.object({
      seat,
      name: z.string(),
      decisions: count,
      expectedLoss: figure,
      accuracy: figure,
      counts: z.record(decisionClass, count),
      costliest: z.array(count),
    }),
  ),
  decisions: z.array(decision),
});

/** The stored analysis of a game, checked; a MalformedPayloadError names the first field at fault. */
export function storedAnalysis(gameId: string, text: string): AnalysisDocument {
  return decode(`the stored analysis of game ${gameId}`, AnalysisDocumentSchema, text);
}
