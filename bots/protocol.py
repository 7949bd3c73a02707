"""The external bot protocol, version 2: the JSON requests a seat gets and the answers it gives.

Version 2 only adds fields to version 1's requests (``last_chance``, ``in_force``,
``kitty_size``, a declaration's ``trump``, ``options_rank`` and ``labelled_options``; later
``legal.plays``, ``legal.complete`` and ``legal.cut``, the core's list of legal plays), so a
program written for version 1 works unchanged.

This module only builds and checks messages; ``bots.external`` runs the program. Every
request is built from the seat's ``Observation`` (``game.core.observe``) — the same view our
own bots get — so a request never holds another seat's cards. The full description, with an
example exchange, is ``docs/bot-protocol.md``.

>>> import random
>>> from game.core import Hand, HandSetup, Rank, get_ruleset, observe
>>> hand = Hand(get_ruleset("logistics-2015"), HandSetup(7, True, (Rank.TWO, Rank.TWO), None, 0))
>>> hello = hello_request(2, hand.ruleset, 5000)
>>> hello["type"], hello["protocol"], hello["seat"], hello["ruleset"]["id"]
('hello', 2, 2, 'logistics-2015')
>>> try:
...     read_answer("play", {"bury": ["5S", "6S"]}, observe(hand, 0))
... except AnswerRefused as refused:
...     print(refused)
the answer is for 'bury', but the request was 'play'
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from game.core import (
    BURYING,
    LEGAL_LIMIT,
    PLAYING,
    REDEAL,
    SETTLED,
    TRUMP,
    ActionKind,
    Card,
    CardError,
    Hand,
    Observation,
    Phase,
    Refusal,
    Ruleset,
    Side,
    Suit,
    TrumpContext,
    check_bury_cards,
    check_play_cards,
    decompose,
    format_cards,
    json_line,
    make_deck,
    observation_to_json,
    observe,
    points_of,
    suit_of_play,
)

PROTOCOL_VERSION = 2
#: ``LEGAL_LIMIT`` (the core's): at most this many plays in a request's ``legal.plays``; every
#: single, pair and tractor lead is sent even beyond it.
HELLO, RESULT = "hello", "result"
# The requests that name an action are the core's action kinds (the same words on the wire).
DECLARE, BURY, PLAY = ActionKind.DECLARE, ActionKind.BURY, ActionKind.PLAY
ANSWERED = (DECLARE, BURY, PLAY)  # the requests that wait for an answer


class AnswerRefused(ValueError):
    """An answer the seat's program gave that cannot be played; the message says why."""


# ------------------------------------------------------------------------ the observation


def observation_json(obs: Observation) -> dict[str, Any]:
    """The observation in the referee's card notation: the core's ``observation_to_json``."""
    return observation_to_json(obs)


# ------------------------------------------------------------------------ requests


def ruleset_json(ruleset: Ruleset) -> dict[str, Any]:
    """Every field of the ruleset (``Ruleset.to_dict``) plus three derived numbers."""
    data = ruleset.to_dict()
    data.update(hand_size=ruleset.hand_size, step=ruleset.step, total_points=ruleset.total_points)
    return data


def card_order(ctx: TrumpContext) -> dict[str, list[Any]]:
    """Each of the 54 cards → [effective suit, position] in this hand's trump context.

    The effective suit is ``"trump"`` or the printed suit's letter; within an effective suit a
    higher position beats a lower one, equal positions tie (the first played wins), and pairs
    at consecutive positions form tractors (RULES.md §2–3).
    """
    return {
        str(c): [_suit_code(ctx.suit_of(c)), ctx.position(c)]
        for c in sorted(set(make_deck(1)), key=lambda c: (-ctx.strength(c), str(c)))
    }


def _suit_code(suit: str) -> str:
    # A side suit is a Suit (a str whose value is its letter); Suit() of one returns it.
    return "trump" if suit == TRUMP else Suit(suit).value


def hello_request(seat: int, ruleset: Ruleset, time_ms: float) -> dict[str, Any]:
    """The first request: who the program is and under which rules it plays."""
    return {
        "type": HELLO,
        "protocol": PROTOCOL_VERSION,
        "seat": seat,
        "ruleset": ruleset_json(ruleset),
        "time_ms": int(time_ms),
    }


def _base(kind: str, obs: Observation) -> dict[str, Any]:
    req: dict[str, Any] = {"type": kind}
    req.update(observation_json(obs))
    return req


def _trump_code(trump: Suit | None) -> str:
    return trump.value if trump is not None else "NT"


def declare_request(obs: Observation, options: Sequence[Sequence[Card]]) -> dict[str, Any]:
    """The seat may declare now: the cards dealt to it so far and what it may show, each
    option labelled with its kind and the trump it would set (``Observation.declaration``)."""
    req = _base(DECLARE, obs)
    req["options"] = [format_cards(o) for o in options]
    req["after_deal"] = obs.phase == Phase.AFTER_DEAL
    rank = obs.options_rank
    req["options_rank"] = rank.label if rank is not None else None
    labelled = []
    for option in options:
        decl = obs.declaration(option)
        labelled.append(
            {
                "cards": format_cards(option),
                "kind": str(decl.kind) if decl else None,
                "trump": _trump_code(decl.trump) if decl else None,
            }
        )
    req["labelled_options"] = labelled
    return req


def bury_request(obs: Observation) -> dict[str, Any]:
    """The dealer holds the kitty (``hand`` includes it; ``kitty`` is what was picked up)."""
    assert obs.ctx is not None  # the bidding is over
    req = _base(BURY, obs)
    req["count"] = obs.ruleset.kitty
    req["card_order"] = card_order(obs.ctx)
    return req


def play_request(obs: Observation) -> dict[str, Any]:
    """The seat leads or follows. ``legal`` holds hints about the lead and the core's list of
    legal plays (``Observation.legal_actions``): ``plays``, with ``complete`` false and
    ``cut`` saying what was kept when there are too many to send."""
    assert obs.ctx is not None  # the play phase
    req = _base(PLAY, obs)
    req["card_order"] = card_order(obs.ctx)
    lead = obs.lead
    if lead is None:
        legal: dict[str, Any] = {"leading": True, "lead": None, "lead_suit": None, "lead_shape": None, "count": None}
    else:
        lead_suit = suit_of_play(lead, obs.ctx)
        assert lead_suit is not None  # a lead, a throw too, is of one suit
        legal = {
            "leading": False,
            "lead": format_cards(lead),
            "lead_suit": _suit_code(lead_suit),
            "lead_shape": [u.shape for u in decompose(lead, obs.ctx)],
            "count": len(lead),
        }
    moves = obs.legal_actions(LEGAL_LIMIT)
    legal.update(plays=[format_cards(m) for m in moves.moves], complete=moves.complete, cut=moves.cut or None)
    req["legal"] = legal
    return req


def result_request(hand: Hand, seat: int) -> dict[str, Any]:
    """The end of a hand (settled, or dealt again): what the seat may see of it, and the score."""
    obs = observe(hand, seat)
    req: dict[str, Any] = {"type": RESULT}
    req.update(observation_json(obs))
    req["redeal"] = hand.phase == REDEAL
    s = hand.settlement if hand.phase == SETTLED else None
    if s is None:
        req.update(settlement=None, kitty_points=None, up_seats=[])
        return req
    assert hand.dealer is not None  # a settled hand had a dealer
    dealer_team = hand.dealer % 2
    up_team = dealer_team if s.up_side == Side.DEALERS else 1 - dealer_team
    req["settlement"] = s.to_dict()
    # Every card but the kitty has been played, so its points are public by now.
    req["kitty_points"] = points_of(hand.kitty)
    req["up_seats"] = [up_team, up_team + 2] if s.up_levels else []
    return req


def encode(request: dict[str, Any]) -> str:
    """One line of JSON for every line reader (non-ASCII kept as UTF-8)."""
    return json_line(request, compact=True)


# ------------------------------------------------------------------------ answers


def _cards_of(answer: Any, key: str, limit: int) -> list[Card]:
    value = answer[key]
    if not isinstance(value, list):
        raise AnswerRefused(f"'{key}' must be a list of cards, not {type(value).__name__}")
    if len(value) > limit:
        raise AnswerRefused(f"'{key}' names {len(value)} cards, more than the seat holds")
    out = []
    for item in value:
        if not isinstance(item, str):
            raise AnswerRefused(f"'{key}' must hold card strings such as \"10S\", not {item!r}")
        try:
            out.append(Card.parse(item))
        except CardError as e:
            raise AnswerRefused(f"'{key}': {e}") from None
    return out


def _not_held(cards: Sequence[Card], hand: Sequence[Card]) -> str | None:
    missing = Counter(cards) - Counter(hand)
    if missing:
        return "the seat does not hold " + " ".join(format_cards(sorted(missing.elements())))
    return None


def _refuse(refusal: Refusal | None, cards: Sequence[Card], obs: Observation) -> None:
    """Raise the core's refusal in the protocol's words (naming the cards not held)."""
    if refusal is None:
        return
    if refusal.code.endswith(".not_held"):
        raise AnswerRefused(_not_held(cards, obs.hand) or refusal.english())
    if refusal.code == "bury.count":
        raise AnswerRefused(f"bury exactly {obs.ruleset.kitty} cards, not {len(cards)}")
    raise AnswerRefused(refusal.english())


def read_answer(
    kind: str, answer: Any, obs: Observation, options: Sequence[Sequence[Card]] | None = None
) -> list[Card] | None:
    """The cards a program's answer to a ``kind`` request names, checked against the rules
    (through the core's checks); raises ``AnswerRefused`` with the reason otherwise.
    A declaration answer may be None (pass)."""
    if not isinstance(answer, dict):
        raise AnswerRefused(f"the answer must be a JSON object, not {type(answer).__name__}")
    if kind not in answer:
        others = [k for k in ANSWERED if k in answer]
        if others:
            raise AnswerRefused(f"the answer is for '{others[0]}', but the request was '{kind}'")
        raise AnswerRefused(f"the answer has no '{kind}' field")
    limit = len(obs.hand)
    if kind == DECLARE:
        if answer[kind] is None or answer[kind] == []:
            return None
        cards = _cards_of(answer, kind, max([limit] + [len(o) for o in options or ()]))
        wanted = Counter(cards)
        for option in options or ():
            if Counter(option) == wanted:
                return list(option)
        shown = "; ".join(" ".join(format_cards(o)) for o in options or ()) or "none"
        raise AnswerRefused(f"{' '.join(format_cards(cards))} is not one of the declarations allowed now ({shown})")
    cards = _cards_of(answer, kind, limit)
    if kind == BURY:
        if obs.phase != BURYING or obs.ctx is None:
            raise AnswerRefused("the seat is not burying now")
        _refuse(check_bury_cards(obs.hand, cards, obs.ruleset.kitty), cards, obs)
        return cards
    if kind == PLAY:
        if obs.phase != PLAYING or obs.ctx is None:
            raise AnswerRefused("the seat is not playing now")
        if not cards:
            raise AnswerRefused("play at least one card")
        _refuse(check_play_cards(obs.hand, obs.lead, cards, obs.ctx), cards, obs)
        return cards
    raise AnswerRefused(f"no answer is expected to '{kind}'")  # pragma: no cover


__all__ = [
    "BURY",
    "DECLARE",
    "HELLO",
    "LEGAL_LIMIT",
    "PLAY",
    "PROTOCOL_VERSION",
    "RESULT",
    "AnswerRefused",
    "bury_request",
    "card_order",
    "declare_request",
    "encode",
    "hello_request",
    "observation_json",
    "play_request",
    "read_answer",
    "result_request",
    "ruleset_json",
]
