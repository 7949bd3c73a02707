"""Judging a learner's move or answer, always through the rules core.

``judge`` returns a ``Verdict``: right or wrong, the sentences to show (in the current
language) and the RULES.md section they come from. A refused move shows the core's own
Why-not (its ``Refusal``); a legal move that misses the position's goal says what the core
computed instead (who still wins, what the throw costs …). ``answer`` computes the right
option of a choice question; nothing in a lesson file says which option is right.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.core import (
    Bidding,
    Card,
    Rank,
    Refusal,
    TrumpContext,
    check_bury_cards,
    check_follow,
    check_play_cards,
    decompose,
    kitty_multiplier,
    legal_follows,
    level_change,
    next_dealer,
    points_of,
    pretty_cards,
    settle,
    throw_outcome,
    trick_points,
    trick_winner,
)
from game.i18n import get_language, tr

from .position import BURY, CHOICE, DECLARE, FEED, NO_POINTS, PLAY, THROW, WIN, Position

SECTIONS = {
    "highest": "§2",
    "points": "§2",
    "defender_points": "§2",
    "tractor": "§3",
    "throw_played": "§4",
    "throw_penalty": "§4",
    "winner": "§6",
    "legal_follow": "§5",
    "kitty": "§7",
    "settle": "§9",
    "next_dealer": "§8",
    "nobody": "§8",
}


@dataclass(frozen=True)
class Verdict:
    ok: bool
    lines: tuple[str, ...]  # what to say, first the core's reason, then the nudge
    section: str  # the RULES.md section, such as "§5"

    @property
    def text(self) -> str:
        return " ".join(self.lines)


# ----------------------------------------------------------------------------- names


def seat_name(seat: int) -> str:
    """Seats as the learner at seat 0 sees them."""
    return tr(("player.you", "player.right", "player.partner", "player.left")[seat % 4])


def label(p: Position, option: Any) -> str:
    """An option of a choice question as the screen shows it."""
    if p.ask in ("winner", "next_dealer"):
        return seat_name(option)
    if p.ask == "settle":
        side, levels = option
        return tr(f"learn.outcome.{side}", n=levels) if side == "dealers" or levels else tr("learn.outcome.take")
    if p.ask == "legal_follow":
        return tr("learn.yes" if option else "learn.no")
    if p.ask == "nobody":
        return tr("learn.nobody.redeal") if option == "redeal" else tr("learn.nobody.trump", suit=suit_name(option))
    if isinstance(option, (tuple, list)):
        return pretty_cards(option)
    if isinstance(option, Card):
        return option.pretty()
    return str(option)


def suit_name(code: str) -> str:
    return tr("learn.no_trump") if code == "NT" else tr(f"suit.{code}")


# ----------------------------------------------------------------------------- answers


def _same_cards(a: Sequence[Card], b: Sequence[Card]) -> bool:
    return Counter(a) == Counter(b)


def answer(p: Position) -> Any:
    """The right option of a choice question, computed by the core."""
    ctx, r, a = p.ctx, p.rules, p.args
    if p.ask == "highest":
        return max(p.options, key=ctx.strength)
    if p.ask == "points":
        return trick_points(p.trick)
    if p.ask == "defender_points":
        seat = p.seat_of_play(trick_winner(p.trick, ctx))
        return trick_points(p.trick) if seat % 2 != p.dealer % 2 else 0
    if p.ask == "winner":
        return p.seat_of_play(trick_winner(p.trick, ctx))
    if p.ask == "tractor":
        found = [o for o in p.options if _one_tractor(o, ctx)]
        return found[0] if len(found) == 1 else None
    if p.ask == "throw_played":
        played = throw_outcome(a["lead"], p.others, ctx).played
        return next((o for o in p.options if _same_cards(o, played)), None)
    if p.ask == "throw_penalty":
        return throw_outcome(a["lead"], p.others, ctx).blocked * r.throw_penalty
    if p.ask == "kitty":
        return a["kitty_points"] * kitty_multiplier(r, a["pairs"])
    if p.ask == "settle":
        s = settle(r, a["points"], a.get("kitty_points", 0), a.get("pairs"))
        return (s.up_side, s.up_levels)
    if p.ask == "next_dealer":
        return next_dealer(r, p.dealer, a["kept"])
    if p.ask == "nobody":
        bidding = Bidding(r, False, p.dealer, p.dealer, (Rank.TWO, Rank.TWO))
        bidding.end_deal()
        result = bidding.resolve(a["kitty"])
        if result.redeal:
            return "redeal"
        return "NT" if result.trump is None else result.trump.value
    if p.ask == "legal_follow":
        return check_follow(p.trick[0], p.hand, a["play"], ctx) is None
    raise ValueError(f"unknown question kind {p.ask!r}")


def _one_tractor(option: Sequence[Card], ctx: TrumpContext) -> bool:
    if len({ctx.suit_of(c) for c in option}) != 1:
        return False
    units = decompose(option, ctx)
    return len(units) == 1 and units[0].pairs >= 2


# ----------------------------------------------------------------------------- judging


def _refused(refusal: Refusal) -> Verdict:
    return Verdict(False, (refusal.text(get_language()), tr("learn.nudge.refused")), refusal.section)


def judge(p: Position, move: Any) -> Verdict:
    """Is ``move`` (cards for a play, declare or bury; an option for a choice) right?"""
    if p.kind == CHOICE:
        return _judge_choice(p, move)
    move = tuple(move)
    if p.kind == DECLARE:
        assert p.bids is not None
        bidding = p.bids.bidding(p.rules)
        refusal = bidding.check(0, move, p.bids.after_deal)
        return _refused(refusal) if refusal is not None else _right(p, "§8")
    if p.kind == BURY:
        refusal = check_bury_cards(p.hand, move, p.rules.kitty)
        if refusal is not None:
            return _refused(refusal)
        if p.goal == NO_POINTS and points_of(move) > 0:
            at_risk = points_of(move) * kitty_multiplier(p.rules, 1)
            return Verdict(
                False,
                (tr("learn.judge.buried_points", points=points_of(move), risk=at_risk), tr("learn.nudge.goal")),
                "§7",
            )
        return _right(p, "§7")
    assert p.kind == PLAY
    return _judge_play(p, move)


def _right(p: Position, section: str) -> Verdict:
    return Verdict(True, (tr(p.why_key),), section)


def _judge_play(p: Position, move: tuple[Card, ...]) -> Verdict:
    ctx = p.ctx
    lead = p.trick[0] if p.trick else None
    refusal = check_play_cards(p.hand, lead, move, ctx)
    if refusal is not None:
        return _refused(refusal)
    if lead is None:
        units = decompose(move, ctx)
        if len(units) > 1 and p.others:
            result = throw_outcome(move, p.others, ctx)
            if not result.ok:
                penalty = result.blocked * p.rules.throw_penalty
                key = "learn.judge.throw_failed" if penalty else "learn.judge.throw_failed_free"
                return Verdict(
                    False, (tr(key, played=pretty_cards(result.played), penalty=penalty), tr("learn.nudge.goal")), "§4"
                )
        if p.goal == THROW and len(units) < 2:
            return Verdict(False, (tr("learn.judge.not_throw"), tr("learn.nudge.goal")), "§4")
        return _right(p, "§4")
    plays = list(p.trick) + [move]
    winner = p.seat_of_play(trick_winner(plays, ctx))
    if p.goal == WIN and winner != 0:
        return Verdict(False, (tr("learn.judge.not_winning", seat=seat_name(winner)), tr("learn.nudge.goal")), "§6")
    if p.goal == FEED:
        best = best_feed(p)
        if winner % 2 != 0 or points_of(move) < best:
            return Verdict(False, (tr("learn.judge.more_points", points=best), tr("learn.nudge.goal")), "§2")
    return _right(p, "§6" if p.goal == WIN else "§5")


def best_feed(p: Position) -> int:
    """The most points a legal follow can give while the trick stays with the learner's team."""
    ctx = p.ctx
    best = 0
    for follow in legal_follows(p.trick[0], p.hand, ctx):
        winner = p.seat_of_play(trick_winner(list(p.trick) + [follow], ctx))
        if winner % 2 == 0:
            best = max(best, points_of(follow))
    return best


def _judge_choice(p: Position, option: Any) -> Verdict:
    right = answer(p)
    section = SECTIONS.get(p.ask, "")
    extra: tuple[str, ...] = ()
    if p.ask == "legal_follow":
        refusal = check_follow(p.trick[0], p.hand, p.args["play"], p.ctx)
        if refusal is not None:
            extra = (refusal.text(get_language()),)
    total = ""
    if p.ask == "settle":
        total = str(settle(p.rules, p.args["points"], p.args.get("kitty_points", 0), p.args.get("pairs")).total)
    why = tr(p.why_key, answer=label(p, right), total=total)
    if option == right:
        return Verdict(True, extra + (why,), section)
    if not p.text_key:
        # A lesson keeps its answer back: the learner tries again with the nudge.
        return Verdict(False, (tr("learn.judge.not_this", answer=label(p, option)), tr("learn.nudge.choice")), section)
    return Verdict(False, (tr("learn.judge.answer_is", answer=label(p, right)),) + extra + (why,), section)


def prompt(p: Position) -> str:
    """The question, with the cards and numbers a trainer question fills in."""
    a = p.args
    if p.ask == "legal_follow":
        return tr(p.prompt_key, cards=pretty_cards(a["play"]))
    if p.ask == "settle" and p.text_key and "kitty_points" in a:
        pairs = a.get("pairs") or 0
        unit = (
            tr("learn.unit.single")
            if pairs == 0
            else tr("learn.unit.pair")
            if pairs == 1
            else tr("learn.unit.tractor", n=pairs)
        )
        return tr(
            p.prompt_key.replace(".prompt", ".prompt_kitty"), points=a["points"], unit=unit, kitty=a["kitty_points"]
        )
    return tr(p.prompt_key, points=a.get("points", ""), leader=seat_name(p.leader))


def band_rows(p: Position, steps: int = 5) -> list[tuple[int, int, str]]:
    """The ruleset's settlement table as the core computes it: (from, to, outcome) for the
    defenders' total P, for its first ``steps`` steps (RULES.md §9)."""
    r = p.rules
    rows: list[tuple[int, int, str]] = []
    for total in range(0, steps * r.step, 5):
        side, levels = level_change(r, total)
        text = label(p, (side, levels)) if p.ask == "settle" else f"{side} {levels}"
        if rows and rows[-1][2] == text:
            rows[-1] = (rows[-1][0], total, text)
        else:
            rows.append((total, total, text))
    return rows
