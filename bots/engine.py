"""Our bot levels as an engine any program can seat, over the bot protocol (like UCI).

    python -m bots.engine --level normal [--think-ms MS] [--seed S]

It reads the protocol's requests (docs/bot-protocol.md) on standard input and answers on
standard output, one JSON line each. Every request is turned back into the seat's
``Observation`` (``observation_from_json``) and handed to a bot of the level, one bot per
hand, exactly as the table hands it to a bot in its own process. A hand's bot is seeded with
the request's ``seed`` when the table sends one (the arena does), so seated in the arena

    python -m bots.arena --seat 0=external:"python -m bots.engine --level normal" ...

it makes the same moves as the in-process ``normal`` bot on the same deals; without a
``seed`` it uses ``--seed`` with the hand's number and seat. A decision that fails (a bug)
is reported on standard error and answered with ``{"error": …}``, which the table refuses
(its ``easy`` fallback plays). This lets any later version of our bots be measured against
any earlier one: run the arena of one commit with the engine of another.
"""

from __future__ import annotations

import argparse
from dataclasses import fields
import json
import random
import sys
import traceback
from typing import IO, Any

from game.core import BUILTIN_IDS, Card, Ruleset, format_cards, get_ruleset, observation_from_json

from . import BOT_LEVELS, make_bot
from .base import Bot

_RULESET_FIELDS = {f.name for f in fields(Ruleset)}


def ruleset_from_hello(data: dict[str, Any]) -> Ruleset:
    """The ruleset ``hello`` describes: a built-in one by its id, else rebuilt field by field
    (``hello`` adds three derived numbers, which ``Ruleset`` works out itself)."""
    if data.get("id") in BUILTIN_IDS:
        built_in = get_ruleset(data["id"])
        if json.loads(json.dumps(built_in.to_dict())) == {k: v for k, v in data.items() if k in _RULESET_FIELDS}:
            return built_in
    return Ruleset.from_dict({k: v for k, v in data.items() if k in _RULESET_FIELDS})


class Engine:
    """Answers one program's requests with a bot of ``level`` (a new bot for every hand)."""

    def __init__(self, level: str, think_ms: float | None = None, seed: int = 0) -> None:
        if level not in BOT_LEVELS:
            raise ValueError(f"unknown level {level!r} (known: {', '.join(BOT_LEVELS)})")
        self.level = level
        self.think_ms = think_ms
        self.seed = seed
        self.ruleset: Ruleset | None = None
        self.time_ms: float | None = None
        self._bot: Bot | None = None
        self._bot_hand: tuple[int, int] | None = None  # (hand number, seat) of self._bot

    def bot_for(self, request: dict[str, Any]) -> Bot:
        assert self.ruleset is not None
        key = (request.get("hand_number", 0), request["seat"])
        if self._bot is None or self._bot_hand != key:
            seed = request.get("seed")
            rng = random.Random(seed if seed is not None else f"{self.seed}:{key[0]}:{key[1]}")
            self._bot = make_bot(self.level, key[1], rng, self.ruleset, think_ms=self.think_ms)
            self._bot_hand = key
        return self._bot

    def answer(self, request: dict[str, Any]) -> dict[str, Any] | None:
        """The answer to one request (None for ``hello`` and ``result``)."""
        kind = request.get("type")
        if kind == "hello":
            self.ruleset = ruleset_from_hello(request["ruleset"])
            self.time_ms = request.get("time_ms")
            self._bot = None
            if self.think_ms is not None and self.time_ms and self.think_ms >= 0.8 * self.time_ms:
                print(
                    f"bots.engine: --think-ms {self.think_ms:g} is close to the table's time "
                    f"limit of {self.time_ms} ms: answers may come too late",
                    file=sys.stderr,
                )
            return None
        if kind == "result":
            self._bot = None  # the next request belongs to a new hand
            return None
        if kind not in ("declare", "bury", "play"):
            return None
        if self.ruleset is None:  # no hello: the ruleset built in under the request's id
            self.ruleset = get_ruleset(request["ruleset"])
        answer: dict[str, Any] = {"id": request.get("id")}
        try:
            obs = observation_from_json(request, self.ruleset)
            bot = self.bot_for(request)
            if kind == "declare":
                options = [[Card.parse(c) for c in o] for o in request["options"]]
                choice = bot.declare(obs, options)
                answer["declare"] = format_cards(choice) if choice else None
            elif kind == "bury":
                answer["bury"] = format_cards(bot.bury(obs))
            else:
                answer["play"] = format_cards(bot.play(obs))
        except Exception as e:  # a bug must not end the engine: the table plays its fallback
            traceback.print_exc(file=sys.stderr)
            answer["error"] = f"{type(e).__name__}: {e}"[:200]
        return answer

    def serve(self, stdin: IO[str], stdout: IO[str]) -> None:
        for line in stdin:
            if not line.strip():
                continue
            try:
                request = json.loads(line)
            except ValueError:
                print(f"bots.engine: not JSON: {line[:80]!r}", file=sys.stderr)
                continue
            if not isinstance(request, dict):
                continue
            answer = self.answer(request)
            if answer is not None:
                stdout.write(json.dumps(answer) + "\n")
                stdout.flush()


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m bots.engine", description=__doc__.split("\n\n")[0])
    p.add_argument("--level", required=True, choices=sorted(BOT_LEVELS))
    p.add_argument(
        "--think-ms", type=float, default=None, help="the hard level's think budget per decision (default its own)"
    )
    p.add_argument("--seed", type=int, default=0, help="seeds the bots when the requests carry no seed (default 0)")
    args = p.parse_args(argv)
    Engine(args.level, args.think_ms, args.seed).serve(sys.stdin, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
