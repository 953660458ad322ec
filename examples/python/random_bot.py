#!/usr/bin/env python3
"""A random bot for Bottle Imp, speaking bottle-imp-bot/1 (docs/bot-protocol.md).

Standard library only. Run it in a tournament:
    bottle-imp tournament --players 4 --hands 8 --seats "cmd:python3 examples/python/random_bot.py",expert,expert,expert
"""
import json
import random
import sys


def send(message):
    # One JSON object per line, flushed at once: the host waits for it.
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def main():
    rng = random.Random()
    for line in sys.stdin:
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            rng.seed(message["seed"] * 8 + message["seat"])
            send({"type": "ready", "name": "RandomBot", "author": "Bottle Imp examples"})
        elif kind == "decide":
            send({"type": "action", "id": message["id"], "action": rng.choice(message["legal"])})
        elif kind == "bye":
            # Standard error is the bot's log: the host shows it with --verbose.
            print("game over", file=sys.stderr)
        # "events" needs no answer; this bot reads everything it needs from each view.


if __name__ == "__main__":
    main()
