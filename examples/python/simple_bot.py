#!/usr/bin/env python3
"""A rule-based bot for Bottle Imp, speaking bottle-imp-bot/1 (docs/bot-protocol.md).

Standard library only. Its rules, simple on purpose:
- passing: give away the two highest cards it may pass, and its lowest to the devil;
- playing: keep the cards below the bottle's price (they can buy the bottle, which
  costs points at the end), and play the highest of the others to win tricks;
  with nothing else, the lowest card.
Run it in a tournament:
    bottle-imp tournament --players 4 --hands 8 --seats "cmd:python3 examples/python/simple_bot.py",easy,easy,easy
"""
import json
import sys


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def choose_pass(legal):
    def score(action):
        p = action["pass"]
        given = p.get("left", p.get("faceUp", 0)) + p.get("right", p.get("hidden", 0))
        return (given, -sum(p["devil"]))

    return max(legal, key=score)


def choose_play(view, legal):
    price = view["bottles"][view["bottleInPlay"] - 1]["price"]
    cards = sorted(legal, key=lambda a: a["card"])
    safe = [a for a in cards if a["card"] > price]
    return safe[-1] if safe else cards[0]


def main():
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            send({"type": "ready", "name": "SimpleBot", "author": "Bottle Imp examples"})
        elif message["type"] == "decide":
            legal = message["legal"]
            if legal[0]["type"] == "pass":
                action = choose_pass(legal)
            else:
                action = choose_play(message["view"], legal)
            send({"type": "action", "id": message["id"], "action": action})


if __name__ == "__main__":
    main()
