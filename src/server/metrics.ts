/** Prometheus metrics (GET /metrics), one registry per server. */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * How often the event-loop lag histogram (nodejs_eventloop_lag_*) samples, in ms. Each
 * sample is a timer that wakes the process; prom-client's 10 ms cost an idle node about
 * 11 ms of CPU a second (a cluster pays it once per node), 100 ms a tenth of that. Each
 * reading is this period plus the lag.
 */
export const EVENT_LOOP_SAMPLE_MS = 100;

export interface Counts {
  openTables(): number;
  runningGames(): number;
  connections(): number;
  /** In a cluster: broadcasts for other nodes not sent while Redis was away (cluster/redis.ts). */
  unsentBroadcasts?(): number;
}

export class Metrics {
  readonly registry = new Registry();
  readonly actions: Counter<'by'>;
  /** From receiving a player's action to acknowledging it (engine check and storage). */
  readonly actionLatency: Histogram;
  readonly botThink: Histogram;
  /** Hints worked out (a hint asked again comes from the table's cache and is not counted). */
  readonly hintThink: Histogram;
  readonly rejected: Counter<'code'>;
  /** TCP connections refused because their address held its cap open (http/connections.ts). */
  readonly refusedConnections: Counter;

  constructor(counts: Counts) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS });
    new Gauge({
      name: 'bottle_imp_open_tables',
      help: 'Tables not closed (waiting, playing or finished).',
      registers,
      collect() {
        this.set(counts.openTables());
      },
    });
    new Gauge({
      name: 'bottle_imp_running_games',
      help: 'Games being played.',
      registers,
      collect() {
        this.set(counts.runningGames());
      },
    });
    new Gauge({
      name: 'bottle_imp_connections',
      help: 'Open Socket.IO connections.',
      registers,
      collect() {
        this.set(counts.connections());
      },
    });
    const unsent = counts.unsentBroadcasts;
    if (unsent)
      new Counter({
        name: 'bottle_imp_broadcasts_unsent_total',
        help: 'Broadcasts for other nodes not sent because Redis was away (their followers catch up when it is back).',
        registers,
        collect() {
          this.reset();
          this.inc(unsent());
        },
      });
    this.actions = new Counter({
      name: 'bottle_imp_actions_total',
      help: 'Accepted game actions, by human or bot (rate() gives actions per second).',
      labelNames: ['by'],
      registers,
    });
    this.rejected = new Counter({
      name: 'bottle_imp_rejected_total',
      help: 'Refused client messages, by error code.',
      labelNames: ['code'],
      registers,
    });
    this.refusedConnections = new Counter({
      name: 'bottle_imp_connections_refused_total',
      help: 'TCP connections refused because their address already held MAX_SOCKETS_PER_ADDRESS open.',
      registers,
    });
    this.actionLatency = new Histogram({
      name: 'bottle_imp_action_latency_seconds',
      help: 'Time from receiving a player action to its acknowledgement.',
      buckets: [0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 1],
      registers,
    });
    this.botThink = new Histogram({
      name: 'bottle_imp_bot_think_seconds',
      help: 'Time a bot thought about one decision.',
      buckets: [0.001, 0.01, 0.05, 0.1, 0.5, 1, 2, 5, 10],
      registers,
    });
    this.hintThink = new Histogram({
      name: 'bottle_imp_hint_think_seconds',
      help: 'Time a bot thread worked out one hint (hints asked again are answered from the table and not counted).',
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5],
      registers,
    });
  }
}
