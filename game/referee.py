"""The referee: rules questions as JSON lines (see shared/REFEREE.md).

    python -m game.referee < requests.jsonl

Every input line gets exactly one answer line. Bad input gets ``{"error": "..."}`` and the
next line is read as usual: whatever a line holds (text that is not UTF-8, lone surrogate
escapes, numbers too large to use, deep nesting, a line over ``MAX_LINE`` bytes), the answer
is one error line and the process goes on. Imports only the rules core (no pygame), so it
starts fast.

Exit status: 0 at the end of the input (also when standard input is closed); 141 when the
reader of the answers went away (a broken pipe: ``... | python -m game.referee | head -1``),
silently; 2 when the answers cannot be written or the requests read (standard output closed,
a full disk, an I/O error), with one line on standard error saying why. Never a traceback.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any

from game.core import (
    TRUMP,
    Bidding,
    Card,
    CardError,
    Format,
    Rank,
    Ruleset,
    RulesetError,
    Suit,
    TrumpContext,
    check_follow,
    check_lead,
    decompose,
    format_cards,
    get_ruleset,
    json_line,
    parse_cards,
    points_of,
    settle,
    shape_codes,
    suit_of_play,
    throw_outcome,
    trick_points,
    trick_winner,
)

MAX_LINE = 1 << 20
"""A longer line is answered with an error and skipped unread (the bot reader's cap too)."""
MAX_NUMBER = 10**9
"""Integers beyond this are an input error: no rule needs them, and some cannot be written."""


class RequestError(ValueError):
    """The request cannot be answered; the message says why."""


def _field(req: dict, name: str, kind=None):
    if name not in req:
        raise RequestError(f"the field '{name}' is missing")
    value = req[name]
    if kind is not None and (not isinstance(value, kind) or (kind is int and isinstance(value, bool))):
        raise RequestError(f"the field '{name}' has the wrong type")
    if kind is int and not -MAX_NUMBER <= value <= MAX_NUMBER:
        raise RequestError(f"the field '{name}' is out of range (a number this large is not a valid input)")
    return value


def _ruleset(req: dict) -> Ruleset:
    ruleset_id = _field(req, "ruleset", str)
    try:
        ruleset = get_ruleset(ruleset_id)
    except RulesetError as e:
        raise RequestError(str(e)) from None
    if "decks" in req and req["decks"] is not None:
        decks = req["decks"]
        if not isinstance(decks, int) or isinstance(decks, bool) or not 1 <= decks <= 3:
            raise RequestError("the field 'decks' must be 1, 2 or 3")
        if decks != ruleset.decks:
            # A custom deck count keeps the ruleset's per-deck figures; the kitty follows the
            # regulation's own table for that many cards (RULES.md §9: two decks → 8).
            kitty = {1: 6, 2: 8, 3: 6}[decks]
            ruleset = ruleset.replace(decks=decks, kitty=kitty)
    return ruleset


def _context(req: dict) -> TrumpContext:
    try:
        return TrumpContext.parse(_field(req, "level", str), _field(req, "trump", str))
    except CardError as e:
        raise RequestError(str(e)) from None


def _cards(req: dict, name: str, ruleset: Ruleset, *, min_len: int = 0, max_len: int | None = None) -> list[Card]:
    value = _field(req, name)
    if not isinstance(value, list):
        raise RequestError(f"the field '{name}' must be a list of cards")
    try:
        cards = parse_cards(value, max_copies=ruleset.decks)
    except CardError as e:
        raise RequestError(f"{name}: {e}") from None
    if len(cards) < min_len:
        raise RequestError(f"the field '{name}' needs at least {min_len} card{'s' if min_len > 1 else ''}")
    if max_len is not None and len(cards) > max_len:
        raise RequestError(f"the field '{name}' has more than {max_len} cards")
    return cards


def op_units(req: dict) -> dict:
    ruleset = _ruleset(req)
    ctx = _context(req)
    cards = _cards(req, "cards", ruleset, min_len=1, max_len=ruleset.hand_size + ruleset.kitty)
    suit = suit_of_play(cards, ctx)
    if suit is None:
        return {"suit": "mixed", "shape": []}
    # A side suit's effective suit is the Suit itself, whose value is its letter.
    return {"suit": "trump" if suit == TRUMP else Suit(suit).value, "shape": shape_codes(decompose(cards, ctx))}


def op_lead(req: dict) -> dict:
    ruleset = _ruleset(req)
    ctx = _context(req)
    cards = _cards(req, "cards", ruleset, min_len=1)
    others_raw = _field(req, "others", list)
    if len(others_raw) != 3:
        raise RequestError("the field 'others' must hold the three other players' hands")
    others = []
    for i, hand in enumerate(others_raw):
        others.append(
            _cards({"others": hand}, "others", ruleset)
            if isinstance(hand, list)
            else _raise(f"others[{i}] must be a list of cards")
        )
    if check_lead(cards, ctx) is not None:
        return {"valid": False, "throw": False, "ok": False, "played": [], "blocked": 0}
    result = throw_outcome(cards, others, ctx)
    return {
        "valid": True,
        "throw": result.throw,
        "ok": result.ok,
        "played": format_cards(result.played),
        "blocked": result.blocked,
    }


def _raise(message: str):
    raise RequestError(message)


def op_follow(req: dict) -> dict:
    ruleset = _ruleset(req)
    ctx = _context(req)
    lead = _cards(req, "lead", ruleset, min_len=1)
    if check_lead(lead, ctx) is not None:
        raise RequestError("the lead must be cards of one effective suit")
    hand = _cards(req, "hand", ruleset)
    if len(hand) < len(lead):
        raise RequestError("the hand must hold at least as many cards as were led")
    play = _cards(req, "play", ruleset)
    refusal = check_follow(lead, hand, play, ctx)
    if refusal is not None and refusal.code == "follow.not_held":
        raise RequestError("the play is not part of the hand")
    return {"legal": refusal is None, "reason": "" if refusal is None else refusal.english()}


def op_trick(req: dict) -> dict:
    ruleset = _ruleset(req)
    ctx = _context(req)
    plays_raw = _field(req, "plays", list)
    if len(plays_raw) != 4:
        raise RequestError("the field 'plays' must hold four plays, the lead first")
    plays = [
        _cards({"plays": p}, "plays", ruleset, min_len=1)
        if isinstance(p, list)
        else _raise("each play must be a list of cards")
        for p in plays_raw
    ]
    if len({len(p) for p in plays}) != 1:
        raise RequestError("the four plays must have the same number of cards")
    if check_lead(plays[0], ctx) is not None:
        raise RequestError("the lead must be cards of one effective suit")
    return {"winner": trick_winner(plays, ctx), "points": trick_points(plays)}


def op_settle(req: dict) -> dict:
    ruleset = _ruleset(req)
    ctx = _context(req)
    points = _field(req, "points", int)
    if points % 5:
        raise RequestError("the field 'points' must be a multiple of 5")
    kitty = _cards(req, "kitty", ruleset)
    if len(kitty) != ruleset.kitty:
        raise RequestError(f"the kitty must have exactly {ruleset.kitty} cards")
    last = _field(req, "last", dict)
    side = _field(last, "side", str)
    if side not in ("defenders", "dealers"):
        raise RequestError("last.side must be 'defenders' or 'dealers'")
    lead = _cards(last, "lead", ruleset, min_len=1)
    if check_lead(lead, ctx) is not None:
        raise RequestError("the last lead must be cards of one effective suit")
    dug = Format.of(decompose(lead, ctx)).largest_unit_pairs if side == "defenders" else None
    return settle(ruleset, points, points_of(kitty), dug).to_dict()


def _seat(value, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 3:
        raise RequestError(f"the field '{name}' must be a seat from 0 to 3")
    return value


def op_bid(req: dict) -> dict:
    ruleset = _ruleset(req)
    first_hand = _field(req, "first_hand", bool)
    first_drawer = _seat(_field(req, "first_drawer"), "first_drawer")
    levels_raw = _field(req, "levels", list)
    if len(levels_raw) != 2 or not all(isinstance(x, str) for x in levels_raw):
        raise RequestError("the field 'levels' must be two level ranks")
    try:
        levels = (Rank.parse(levels_raw[0]), Rank.parse(levels_raw[1]))
    except CardError as e:
        raise RequestError(str(e)) from None
    dealer = req.get("dealer")
    if first_hand:
        if levels != (Rank.TWO, Rank.TWO):
            raise RequestError("in the first hand both teams are at level 2")
        dealer = None
    else:
        dealer = _seat(dealer, "dealer")
    events = _field(req, "events", list)
    kitty = _cards(req, "kitty", ruleset)
    bidding = Bidding(ruleset, first_hand, dealer, first_drawer, levels)
    parsed = []
    for i, event in enumerate(events):
        if not isinstance(event, dict):
            raise RequestError(f"events[{i}] must be an object with 'seat' and 'cards'")
        seat = _seat(_field(event, "seat"), f"events[{i}].seat")
        cards = _cards(event, "cards", ruleset, min_len=1)
        after = event.get("after_deal", False)
        if not isinstance(after, bool):
            raise RequestError(f"events[{i}].after_deal must be true or false")
        parsed.append((seat, cards, after))
    accepted = []
    for seat, cards, after in parsed:
        if after and not bidding.deal_over:
            bidding.end_deal()
        ok = (after or not bidding.deal_over) and bidding.check(seat, cards, after) is None
        if ok:
            bidding.apply(seat, cards, after)
        accepted.append(ok)
    bidding.end_deal()
    try:
        result = bidding.resolve(kitty)
    except ValueError as e:
        raise RequestError(str(e)) from None
    if result.redeal:
        return {"accepted": accepted, "trump": None, "rank": None, "dealer": None, "redeal": True}
    assert result.rank is not None  # a deal that is not re-dealt has its level rank
    return {
        "accepted": accepted,
        "trump": "NT" if result.trump is None else result.trump.value,
        "rank": result.rank.label,
        "dealer": result.dealer,
        "redeal": False,
    }


OPS = {"units": op_units, "lead": op_lead, "follow": op_follow, "trick": op_trick, "settle": op_settle, "bid": op_bid}


def answer(line: str) -> dict[str, Any]:
    """The answer to one request line."""
    try:
        req = json.loads(line)
    except RecursionError:
        return {"error": "the line is nested too deeply"}
    except ValueError as e:
        if "digits" in str(e):  # Python refuses integers past 4,300 digits
            return {"error": "a number in the line is too large (out of range)"}
        return {"error": "the line is not valid JSON"}
    if not isinstance(req, dict):
        return {"error": "each line must be a JSON object"}
    op = req.get("op")
    if not isinstance(op, str) or op not in OPS:
        return {"error": f"unknown op {repr(op)[:60]}; the ops are {', '.join(OPS)}"}
    try:
        return OPS[op](req)
    except RequestError as e:
        return {"error": str(e)}
    except (CardError, RulesetError, ValueError, TypeError, KeyError, IndexError) as e:
        return {"error": f"the request cannot be answered: {e}"}
    except Exception as e:
        return {"error": f"the request could not be processed ({type(e).__name__}: {e})"}


def answer_bytes(raw: bytes) -> dict[str, Any]:
    """The answer to one raw input line; text that is not UTF-8 is an error, not a crash."""
    try:
        line = raw.decode("utf-8")
    except UnicodeDecodeError:
        return {"error": "the line is not UTF-8 text"}
    return answer(line.rstrip("\r\n"))


def encode(reply: dict[str, Any]) -> bytes:
    """One answer line as UTF-8 bytes, whatever it holds: an error message that quotes a lone
    surrogate is written with JSON escapes, and an answer that cannot be written at all (a
    number past Python's digit limit) becomes an error answer."""
    try:
        text = json_line(reply)
    except (ValueError, TypeError, RecursionError) as e:
        text = json.dumps({"error": f"the answer cannot be written ({type(e).__name__})"})
    try:
        data = text.encode("utf-8")
    except UnicodeEncodeError:
        data = json.dumps(reply, ensure_ascii=True).encode("ascii")
    return data + b"\n"


def respond(raw: bytes) -> bytes:
    """The answer line to one input line; never raises (but for a signal such as Ctrl+C)."""
    try:
        return encode(answer_bytes(raw))
    except Exception as e:  # a bug must cost this line, not the lines after it
        return encode({"error": f"the request could not be processed ({type(e).__name__})"})


def read_lines(stdin, limit: int):
    """The input's lines, each at most ``limit`` bytes; a longer line is yielded as None after
    being skipped in ``limit``-sized pieces, so it is never held in memory."""
    while True:
        raw = stdin.readline(limit + 1)
        if not raw:
            return
        if raw.endswith(b"\n") or len(raw) <= limit:
            yield raw
            continue
        while not raw.endswith(b"\n"):
            raw = stdin.readline(limit + 1)
            if not raw:
                break
        yield None


EXIT_OK = 0
"""Every input line was answered."""
EXIT_CANNOT_WRITE = 2
"""The answers (or the requests) could not be written (read): standard output closed, a full
disk, an I/O error. One line on standard error says so."""
EXIT_READER_GONE = 141
"""The reader of the answers went away (a broken pipe, as in ``... | head -1``): nothing is
said, and the status is the one a shell gives a tool that SIGPIPE ended (128 + 13)."""


def main(stdin=None, stdout=None) -> int:
    """Answer every line of ``stdin`` (binary) on ``stdout`` (binary), UTF-8 both ways
    whatever the platform's locale. Returns one of the ``EXIT_`` statuses."""
    if stdin is None:
        if sys.stdin is None:  # started with its standard input closed: no requests
            return EXIT_OK
        stdin = sys.stdin.buffer
    if stdout is None:
        if sys.stdout is None:
            return _cannot("write the answers", "standard output is closed")
        stdout = sys.stdout.buffer
    lines = read_lines(stdin, MAX_LINE)
    while True:
        try:
            raw = next(lines)
        except StopIteration:
            return EXIT_OK
        except OSError as e:
            return _cannot("read the requests", e.strerror or str(e))
        if raw is None:
            line = encode({"error": f"the line is longer than {MAX_LINE} bytes; it was skipped"})
        else:
            line = respond(raw)
        try:
            stdout.write(line)
            stdout.flush()
        except BrokenPipeError:
            _drop_unwritten(stdout)
            return EXIT_READER_GONE
        except (OSError, ValueError) as e:  # ValueError: a stream closed under it
            _drop_unwritten(stdout)
            return _cannot("write the answers", getattr(e, "strerror", None) or str(e))


def _cannot(what: str, why: str) -> int:
    try:
        print(f"referee: cannot {what}: {why}", file=sys.stderr, flush=True)
    except (OSError, ValueError, AttributeError):  # standard error is gone too: stop quietly
        pass
    return EXIT_CANNOT_WRITE


def _drop_unwritten(stdout) -> None:
    """Point the process's standard output at the null device: an answer left in a buffer
    would otherwise fail again in the interpreter's flush at exit, which prints a traceback
    (what Python's documentation on SIGPIPE advises)."""
    if sys.stdout is None or stdout is not sys.stdout.buffer:
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, stdout.fileno())
        os.close(null)
    except OSError:  # pragma: no cover - no null device
        pass


if __name__ == "__main__":
    sys.exit(main())
