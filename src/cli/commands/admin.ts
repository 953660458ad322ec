/** `bottle-imp admin ban|unban|reports|sessions|bot`: the operator's account commands, on the configured store. */
import { type Command, fail, parseFlags, wholeNumber, withArgErrors } from '../io.js';

const HELP = `Usage: bottle-imp admin <action> [USERNAME] [--limit N] [--new-token]

Works on the store the server's environment names (DATABASE_URL, else DATA_DIR's SQLite file).
  ban USERNAME        ban the account: its sessions end, its connections close, it cannot sign in
  unban USERNAME      lift the ban
  reports [--limit N] the latest reports of players by players (20 by default)
  sessions USERNAME   the account's signed-in devices (when, and their browser)
  bot USERNAME        make a bot account and print its token, once (docs/protocol.md, "Bot accounts")
  bot USERNAME --new-token
                      a new token for the bot account; its old one stops working
  --help              show this help`;

export const admin: Command = {
  summary: 'ban or unban accounts, read reports and sessions (on the configured store)',
  run: (argv) =>
    withArgErrors('admin', async () => {
      const parsed = parseFlags(
        argv,
        { limit: { type: 'string' }, 'new-token': { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
        true,
      );
      if (parsed.values.help) {
        process.stdout.write(HELP + '\n');
        return 0;
      }
      const [action, username, ...extra] = parsed.positionals;
      const needsName = action === 'ban' || action === 'unban' || action === 'sessions' || action === 'bot';
      if (action === undefined || extra.length > 0 || (needsName && username === undefined))
        return fail('admin: give an action (ban, unban, reports, sessions or bot) and, but for reports, a username');
      if (parsed.values['new-token'] && action !== 'bot') return fail('admin: --new-token goes with bot');
      const limit = parsed.values.limit === undefined ? 20 : wholeNumber(parsed.values.limit, 'limit', 1, 1000);
      // Loaded here, not at the top: every `bottle-imp` command loads this module, and the
      // stores and the server's settings would cost each of them half a second of CPU.
      const [{ AdminError, ban, bot, reports, sessions, tellNodes, unban }, { configFromEnv }, { openStore }] =
        await Promise.all([
          import('../../server/admin.js'),
          import('../../server/config.js'),
          import('../../server/store/open.js'),
        ]);
      const config = configFromEnv();
      const store = await openStore(config);
      // In a cluster every node closes the banned account's connections at once; else the server's check finds them.
      const cluster = config.cluster;
      const ended = cluster ? (id: string) => tellNodes(cluster, id) : undefined;
      try {
        const lines =
          action === 'ban'
            ? await ban(store, username!, Date.now(), ended)
            : action === 'unban'
              ? await unban(store, username!)
              : action === 'reports'
                ? await reports(store, limit)
                : action === 'sessions'
                  ? await sessions(store, username!)
                  : action === 'bot'
                    ? await bot(store, username!, Date.now(), parsed.values['new-token'] === true)
                    : null;
        if (lines === null) return fail(`admin: unknown action "${action}" (ban, unban, reports, sessions or bot)`);
        process.stdout.write(`${lines.join('\n')}\n`);
        return 0;
      } catch (e) {
        if (e instanceof AdminError) return fail(`admin: ${e.message}`);
        throw e;
      } finally {
        await store.close();
      }
    }),
};
