"""The review's voice (issue 27): its words for a decision, and a decision as a puzzle.

The post-hand analysis (``bots.analysis``) grades a decision; this module says it in the
player's language and turns a confident mistake into a position to practise. It reads an
analysis decision by its attributes (``kind``, ``label``, ``loss``, ``se``, ``best``, ``top``
…, as ``bots.analysis.Decision`` has them or as its JSON holds them), so the game does not
depend on how the bots search.

**The position.** A decision at replay step ``step`` was made in the hand after its first
``step - 1`` actions; the puzzle keeps what the seat saw then, ``observe(hand, seat)`` in the
referee's notation (its hand, the tricks and the trick so far, the declarations, its kitty
when it buried), never the other hands.

**The accepted answers.** The analysis's best move, and every candidate whose mean value is
within the margin of the best's: the "good" limit (``GOOD_MARGIN``) or the decision's standard
error, whichever is larger, since a move the search cannot tell from the best is not wrong.
The move made is never accepted: it was charged a confident mistake.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
import math
from typing import Any

from game.core import Card, Hand, format_cards, observation_to_json, observe, parse_cards
from game.i18n import tr

BAD_LABELS = ("mistake", "blunder")
GOOD_MARGIN = 0.06  # levels: the analysis's "good" limit (bots.analysis.LABELS)


def _cards(value: Any) -> list[Card]:
    """Cards, or their notation as the analysis's JSON holds them (["AH", "10S"])."""
    items = list(value or [])
    if items and all(isinstance(c, str) for c in items):
        return parse_cards(items)
    return items


def _key(cards: Sequence[Card]) -> Counter:
    return Counter(str(c) for c in cards)


def loss_text(d: Any) -> str:
    """ "-1.45 ± 0.40 levels · -58 points": the loss charged and its standard error."""
    se = getattr(d, "se", 0.0)
    if se is not None and math.isfinite(se) and se > 0:
        return tr("review.loss_se", loss=f"{d.loss:.2f}", se=f"{se:.2f}", points=f"{d.points_loss:.0f}")
    return tr("review.loss", loss=f"{d.loss:.2f}", points=f"{d.points_loss:.0f}")


def reason_text(reason: dict[str, Any] | None) -> str:
    """The Hint's reason as the analysis stored it (``{"code", "params"}``), or ""."""
    if not reason or not isinstance(reason.get("code"), str):
        return ""
    key = "hint." + reason["code"]
    text = tr(key, **{str(k): str(v) for k, v in (reason.get("params") or {}).items()})
    return "" if text == key else text


def better_text(d: Any) -> str:
    """Why the better move is better: the expected gain and how often it did better in
    the sampled deals, with the Hint's reason when the better move is the Hint's; for an
    unclear decision, that the search cannot tell; "" when nothing better was found."""
    if d.label == "unclear":
        return tr("review.unclear_note")
    best, played = _cards(d.best), _cards(d.played)
    if _key(best) == _key(played) or d.loss <= 0:
        return ""
    text = tr(
        "review.better_reason",
        gain=f"{d.loss:.2f}",
        share=round(100 * getattr(d, "better_share", 0.0)),
        worlds=getattr(d, "worlds", 0),
    )
    hint = getattr(d, "hint", None)
    why = reason_text(getattr(d, "hint_reason", None))
    if why and hint is not None and _key(_cards(hint)) == _key(best):
        text += "  " + tr("review.better_hint", reason=why)
    return text


def answer_text(p: Any) -> str:
    """A puzzle's answer explained once the player has chosen (``game.learn.puzzles.Puzzle``):
    the expected gain over the move first played, how often the answer did better in the
    sampled deals, and the Hint's reason when the answer is the Hint's."""
    text = tr("review.better_reason", gain=f"{p.gain:.2f}", share=round(100 * p.share), worlds=p.worlds)
    why = reason_text(p.reason)
    return text + ("  " + tr("review.better_hint", reason=why) if why else "")


def accepted_answers(d: Any) -> list[list[Card]]:
    """The moves a retry accepts: the best and those within its margin (module doc)."""
    best = _cards(d.best)
    played = _key(_cards(d.played))
    se = getattr(d, "se", 0.0)
    margin = max(GOOD_MARGIN, se if se is not None and math.isfinite(se) else 0.0)
    top = []
    for c in getattr(d, "top", None) or []:
        if isinstance(c, dict):
            top.append((_cards(c["cards"]), float(c["mean"])))
        else:
            top.append((list(c.cards), float(c.mean)))
    out = [best]
    best_mean = next((m for cards, m in top if _key(cards) == _key(best)), None)
    if best_mean is not None:
        for cards, mean in top:
            if mean >= best_mean - margin and _key(cards) != played and all(_key(cards) != _key(o) for o in out):
                out.append(cards)
    return out


def puzzle_kind(d: Any, obs) -> str:
    """lead, follow, bury or declare."""
    if d.kind == "play":
        return "lead" if obs.current is None else "follow"
    return str(d.kind)


def position_before(hand: Hand, step: int) -> Hand:
    """The hand as it stood when the decision at replay ``step`` was made."""
    return hand.replay(max(0, step - 1))


def puzzle_of(hand: Hand, seat: int, d: Any, now: float) -> dict[str, Any] | None:
    """A confident mistake or blunder of ``seat`` in the finished ``hand`` as a puzzle's
    data (``game.learn.puzzles.Puzzle.from_json``); None for any other decision."""
    if d.label not in BAD_LABELS or getattr(d, "forced", False):
        return None
    at = position_before(hand, d.step)
    obs = observe(at, seat)
    accepted = accepted_answers(d)
    options = [format_cards(o) for o in getattr(d, "options", None) or []] if d.kind == "declare" else []
    return {
        "id": f"{hand.ruleset.id}/{hand.setup.seed}/{seat}/{d.step}",
        "ruleset": hand.ruleset.id,
        "kind": puzzle_kind(d, obs),
        "observation": observation_to_json(obs),
        "options": options,
        "played": format_cards(_cards(d.played)),
        "accepted": [format_cards(a) for a in accepted],
        "gain": round(float(d.loss), 4),
        "reason": getattr(d, "hint_reason", None)
        if _key(_cards(getattr(d, "hint", None) or [])) == _key(accepted[0]) and getattr(d, "hint", None) is not None
        else None,
        "worlds": int(getattr(d, "worlds", 0)),
        "share": round(float(getattr(d, "better_share", 0.0)), 4),
        "box": 0,
        "due": now,
        "created": now,
        "tries": 0,
        "solved": 0,
    }


__all__ = [
    "BAD_LABELS",
    "GOOD_MARGIN",
    "accepted_answers",
    "answer_text",
    "better_text",
    "loss_text",
    "position_before",
    "puzzle_kind",
    "puzzle_of",
    "reason_text",
]
