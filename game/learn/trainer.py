"""The rules trainer: endless quick questions on random positions, answered by the core.

Each question is a ``Position`` (so the lesson screen's table and ``judge`` serve both),
made from a seeded ``random.Random``: a shuffled deal, a random trump context, a lead taken
from one hand and follows chosen among the core's ``legal_follows``.
"""

from __future__ import annotations

from itertools import islice
import random

from game.core import (
    PLAIN_RANKS,
    SUITS,
    Card,
    Ruleset,
    TrumpContext,
    check_follow,
    decompose,
    get_ruleset,
    legal_follows,
    make_deck,
    settle,
)

from .position import CHOICE, PLAY, Position

KINDS = ("winner", "legal", "follow", "levels")
"""Who wins this trick? Is this follow legal? Which cards must you play? How many levels?"""

_HAND = 12  # cards per hand in a trick question: a hand in its middle, easy to read


def question(kind: str, ruleset_id: str, rng: random.Random) -> Position:
    """A new question of ``kind`` for ``ruleset_id``."""
    r = get_ruleset(ruleset_id)
    if kind == "levels":
        return _levels(r, rng)
    for _ in range(200):
        made = {"winner": _winner, "legal": _legal, "follow": _follow}[kind](r, rng)
        if made is not None:
            return made
    raise RuntimeError(f"no {kind} question found")  # pragma: no cover - 200 deals always give one


def _context(rng: random.Random) -> TrumpContext:
    level = rng.choice(PLAIN_RANKS)
    return TrumpContext(level, None if rng.random() < 0.15 else rng.choice(SUITS))


def _deal(r: Ruleset, rng: random.Random) -> list[list[Card]]:
    deck = make_deck(r.decks)
    rng.shuffle(deck)
    size = min(_HAND, r.hand_size)
    return [deck[i * size : (i + 1) * size] for i in range(4)]


def _lead(hand: list[Card], ctx: TrumpContext, rng: random.Random) -> list[Card]:
    """One unit of the hand, pairs and tractors preferred (they make the questions)."""
    units = []
    for suit in {ctx.suit_of(c) for c in hand}:
        units += decompose([c for c in hand if ctx.suit_of(c) == suit], ctx)
    big = [u for u in units if u.pairs]
    pool = big if big and rng.random() < 0.75 else units
    return list(rng.choice(pool).cards)


def _follow_of(lead: list[Card], hand: list[Card], ctx: TrumpContext, rng: random.Random) -> list[Card]:
    suit = ctx.suit_of(lead[0])
    trumps = [c for c in hand if ctx.is_trump(c)]
    if not any(ctx.suit_of(c) == suit for c in hand) and len(trumps) >= len(lead) and rng.random() < 0.6:
        return rng.sample(trumps, len(lead))  # void: trump it
    options = list(islice(legal_follows(lead, hand, ctx), 40))
    return list(rng.choice(options))


def _winner(r: Ruleset, rng: random.Random) -> Position | None:
    ctx = _context(rng)
    hands = _deal(r, rng)
    leader = rng.randrange(4)
    lead = _lead(hands[leader], ctx, rng)
    plays = [tuple(lead)] + [tuple(_follow_of(lead, hands[(leader + i) % 4], ctx, rng)) for i in (1, 2, 3)]
    return Position(
        "trainer",
        r.id,
        CHOICE,
        trick=tuple(plays),
        ask="winner",
        options=(0, 1, 2, 3),
        text_key="learn.trainer.winner",
        level=ctx.level.label,
        trump=ctx.trump_code,
        lead_seat=leader,
    )


def _follow_setup(r: Ruleset, rng: random.Random) -> tuple[TrumpContext, list[Card], list[Card]] | None:
    ctx = _context(rng)
    hands = _deal(r, rng)
    lead = _lead(hands[3], ctx, rng)
    suit = ctx.suit_of(lead[0])
    held = [c for c in hands[0] if ctx.suit_of(c) == suit]
    if not held or (len(lead) > 1 and len(held) < 2):
        return None
    return ctx, hands[0], lead


def _legal(r: Ruleset, rng: random.Random) -> Position | None:
    setup = _follow_setup(r, rng)
    if setup is None:
        return None
    ctx, hand, lead = setup
    if rng.random() < 0.5:
        play = list(rng.choice(list(islice(legal_follows(lead, hand, ctx), 40))))
    else:
        refused = _illegal_follow(lead, hand, ctx, rng)
        if refused is None:
            return None
        play = refused
    return Position(
        "trainer",
        r.id,
        CHOICE,
        hand=tuple(hand),
        trick=(tuple(lead),),
        ask="legal_follow",
        args={"play": tuple(play)},
        options=(True, False),
        text_key="learn.trainer.legal",
        level=ctx.level.label,
        trump=ctx.trump_code,
    )


def _illegal_follow(lead: list[Card], hand: list[Card], ctx: TrumpContext, rng: random.Random) -> list[Card] | None:
    """A follow of the right size that the core refuses: a card of the suit held back or a
    pair broken (half the questions; the other half are legal)."""
    suit = ctx.suit_of(lead[0])
    held = [c for c in hand if ctx.suit_of(c) == suit]
    rest = [c for c in hand if ctx.suit_of(c) != suit]
    for _ in range(20):
        k = max(0, min(len(lead), len(held)) - rng.choice((0, 0, 1)))
        if len(rest) < len(lead) - k:
            continue
        play = rng.sample(held, k) + rng.sample(rest, len(lead) - k)
        if check_follow(lead, hand, play, ctx) is not None:
            return play
    return None


def _follow(r: Ruleset, rng: random.Random) -> Position | None:
    setup = _follow_setup(r, rng)
    if setup is None:
        return None
    ctx, hand, lead = setup
    if len(lead) < 2 and r.decks > 1:
        return None  # with pairs to be had, a single lead teaches too little
    right = next(iter(legal_follows(lead, hand, ctx)))
    return Position(
        "trainer",
        r.id,
        PLAY,
        hand=tuple(hand),
        trick=(tuple(lead),),
        right=tuple(right),
        text_key="learn.trainer.follow",
        level=ctx.level.label,
        trump=ctx.trump_code,
    )


def _levels(r: Ruleset, rng: random.Random) -> Position:
    step = r.step
    points = rng.randrange(0, min(r.total_points, 5 * step) + 1, 5)
    args: dict = {"points": points}
    if rng.random() < 0.3:
        args.update(kitty_points=rng.randrange(0, 30, 5), pairs=rng.choice((0, 0, 1, 2)))
    outcomes: list[tuple[str, int]] = []
    for p in range(0, 6 * step + 1, 5):
        s = settle(r, p)
        if (s.up_side, s.up_levels) not in outcomes:
            outcomes.append((s.up_side, s.up_levels))
    got = settle(r, points, args.get("kitty_points", 0), args.get("pairs"))
    right = (got.up_side, got.up_levels)
    if right not in outcomes:
        outcomes.append(right)
    i = outcomes.index(right)
    start = max(0, min(i - 2, len(outcomes) - 5))
    return Position(
        "trainer",
        r.id,
        CHOICE,
        ask="settle",
        args=args,
        options=tuple(outcomes[start : start + 5]),
        text_key="learn.trainer.levels",
    )
