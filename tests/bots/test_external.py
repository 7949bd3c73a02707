"""The external bot protocol: the example bot in the arena, misbehaving programs, no leaks."""

from collections import Counter
import json
from pathlib import Path
import random
import shlex
import sys
import textwrap

import pytest

from bots import EasyBot
from bots.arena import main as arena_main
from bots.external import (
    ArenaSeats,
    ExternalBot,
    ExternalProgram,
    ExternalProgramError,
    close_all,
    hand_over,
    make_seat_bot,
    parse_seat_spec,
    seat_bot_factory,
    start_program,
)
from bots.protocol import PROTOCOL_VERSION, AnswerRefused, hello_request, play_request, read_answer
from game.core import (
    AFTER_DEAL,
    BURYING,
    DEALING,
    PLAYING,
    SETTLED,
    Card,
    CardError,
    Hand,
    HandSetup,
    Rank,
    get_ruleset,
    observe,
    parse_cards,
)
from game.table import play_hand

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "bots" / "examples" / "random_bot.py"
RULESETS = ["hebi-2010", "lanzhou-2010", "logistics-2015"]


def command(*args) -> str:
    return " ".join(shlex.quote(str(a)) for a in (sys.executable, *args))


def script(tmp_path: Path, name: str, body: str) -> Path:
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(body))
    return path


def arena(capsys, ruleset: str, deals: int, seats: dict[int, str], *extra) -> dict:
    argv = [
        "--ruleset",
        ruleset,
        "--deals",
        str(deals),
        "--seed",
        "3",
        "--a",
        "easy",
        "--b",
        "random",
        "--json",
        "--no-progress",
    ]
    for seat, cmd in seats.items():
        argv += ["--seat", f"{seat}=external:{cmd}"]
    code = arena_main(argv + list(extra))
    out = json.loads(capsys.readouterr().out)
    assert code == 0
    return out


# --------------------------------------------------------------------- the example bot


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_example_bot_plays_full_hands_of_every_ruleset(capsys, ruleset):
    out = arena(capsys, ruleset, 2, {0: command(EXAMPLE, 1), 3: command(EXAMPLE, 2)})
    assert out["hands"] == 4 and out["illegal"] == 0 and out["errors"] == 0
    assert out["external_refusals"] == 0, out["external"]
    assert [e["seat"] for e in out["external"]] == [0, 3]
    assert [e["team"] for e in out["external"]] == ["A", "B"]
    assert all(e["running"] and e["refusals"] == 0 for e in out["external"])
    assert out["seats"] == {"0": f"external:{command(EXAMPLE, 1)}", "3": f"external:{command(EXAMPLE, 2)}"}


def test_the_example_bot_from_the_command_line_with_quotes(tmp_path):
    # The documented form: the shell keeps the quoted command in one argument.
    import subprocess

    spaced = tmp_path / "my bots"
    spaced.mkdir()
    copy = spaced / "random bot.py"
    copy.write_text(EXAMPLE.read_text())
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "bots.arena",
            "--ruleset",
            "logistics-2015",
            "--deals",
            "1",
            "--a",
            "easy",
            "--b",
            "easy",
            "--no-progress",
            "--seat",
            f'2=external:{shlex.quote(sys.executable)} "{copy}"',
        ],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stderr
    assert "seat 2 (team A)" in proc.stdout and "0 refused answers" in proc.stdout


# --------------------------------------------------------------------- misbehaving programs

GARBAGE = """
    import sys
    for line in sys.stdin:
        if '"type":"hello"' not in line and '"type":"result"' not in line:
            print("I think I will play the ace", flush=True)
"""

ILLEGAL = """
    import json, sys
    DECK = [r + s for s in "SHCD" for r in "2 3 4 5 6 7 8 9 10 J Q K A".split()]
    turn = 0
    for line in sys.stdin:
        req = json.loads(line)
        kind = req["type"]
        if kind == "declare":
            answer = {"declare": ["BJ", "BJ", "BJ"]}          # never one of the options
        elif kind == "bury":
            answer = {"bury": req["hand"][:1]}                 # too few cards
        elif kind == "play":
            turn += 1
            if turn % 3 == 0:
                absent = [c for c in DECK if c not in req["hand"]]
                answer = {"play": absent[:1]}                  # a card it does not hold
            elif turn % 3 == 1:
                answer = {"play": req["hand"]}                 # breaks a rule
            else:
                answer = {"play": ["ZZ"]}                      # not a card
        else:
            continue
        print(json.dumps(answer), flush=True)
"""

SLOW = """
    import json, sys, time
    for line in sys.stdin:
        req = json.loads(line)
        if req["type"] in ("declare", "bury", "play"):
            time.sleep(0.5)
            print(json.dumps({req["type"]: None, "id": req["id"]}), flush=True)
"""

EXITS = """
    import json, sys
    for line in sys.stdin:
        if json.loads(line)["type"] in ("declare", "bury", "play"):
            print("giving up", file=sys.stderr, flush=True)
            sys.exit(3)
"""

DEAF = """
    import time
    time.sleep(60)   # never reads, never answers, ignores the end of its input
"""


def refusals_of(out: dict) -> list[str]:
    return [r for ext in out["external"] for r in ext["first_refusals"]]


def test_garbage_output_is_refused_and_the_game_finishes(tmp_path, capsys):
    out = arena(capsys, "logistics-2015", 1, {1: command(script(tmp_path, "garbage", GARBAGE))})
    assert out["hands"] == 2 and out["illegal"] == 0 and out["errors"] == 0
    # 12 cards a hand, both plays of the deal; declarations may add a few.
    assert out["external_refusals"] >= 24
    assert all("not valid JSON" in r for r in refusals_of(out))
    assert out["external"][0]["running"]


def test_illegal_answers_are_refused_with_the_reason(tmp_path, capsys):
    out = arena(capsys, "hebi-2010", 2, {0: command(script(tmp_path, "illegal", ILLEGAL))})
    assert out["hands"] == 4 and out["illegal"] == 0 and out["errors"] == 0
    ext = out["external"][0]
    assert ext["refusals"] >= 4 * 10 and ext["running"]
    assert set(ext["by_decision"]) >= {"play"}


def test_illegal_answer_reasons(tmp_path):
    ruleset = get_ruleset("hebi-2010")
    program = start_program(command(script(tmp_path, "illegal", ILLEGAL)), 0, ruleset, 2000)
    try:
        bots = [ExternalBot(0, random.Random(1), ruleset, program)] + [
            EasyBot(s, random.Random(s), ruleset) for s in (1, 2, 3)
        ]
        hand = Hand(ruleset, HandSetup(11, False, (Rank.TWO, Rank.FIVE), 0, 0))
        report = play_hand(hand, bots)
        assert hand.phase == SETTLED and report.clean
    finally:
        program.close()
    reasons = {r.reason for r in program.refusals}
    assert any("does not hold" in r for r in reasons)
    assert any("not a card" in r.lower() or "ZZ" in r for r in reasons)
    assert any("bury exactly 8 cards" in r for r in reasons) or hand.dealer != 0
    assert any("one suit" in r or "were led" in r or "must follow" in r for r in reasons)
    assert program.proc.returncode is not None  # reaped


def test_a_program_too_slow_is_refused_then_stopped(tmp_path, capsys):
    out = arena(capsys, "logistics-2015", 1, {2: command(script(tmp_path, "slow", SLOW))}, "--external-ms", "200")
    assert out["hands"] == 2 and out["illegal"] == 0 and out["errors"] == 0
    ext = out["external"][0]
    assert not ext["running"] and "in a row past the time limit" in ext["stopped"]
    first = ext["first_refusals"]
    assert "no answer within 200 ms" in first[0]
    assert "not running" in first[3]
    assert ext["refusals"] >= 24  # every decision of both plays was the easy bot's


def test_an_early_exit_is_refused_and_the_game_finishes(tmp_path, capsys):
    out = arena(capsys, "lanzhou-2010", 1, {3: command(script(tmp_path, "exits", EXITS))})
    assert out["hands"] == 2 and out["illegal"] == 0 and out["errors"] == 0
    ext = out["external"][0]
    assert not ext["running"]
    first = ext["first_refusals"]
    assert "exited (exit status 3)" in first[0] and "giving up" in first[0]
    assert "not running" in first[1]
    assert ext["refusals"] >= 30  # every decision of both plays (tricks of pairs are fewer)


def test_a_program_that_never_reads_is_stopped_and_reaped(tmp_path):
    ruleset = get_ruleset("logistics-2015")
    seats = ArenaSeats({0: "external:" + command(script(tmp_path, "deaf", DEAF))}, ruleset, 100)
    with seats:
        bots = [seats.bot(s, 0, random.Random(s), ruleset) or EasyBot(s, random.Random(s), ruleset) for s in range(4)]
        report = play_hand(Hand(ruleset, HandSetup(5, False, (Rank.TWO, Rank.TWO), 1, 1)), bots)
        seats.end_hand(bots, report.hand)
        assert report.clean and report.hand.finished
        program = seats.programs[0]
        assert not program.running and len(program.refusals) >= 12
    assert program.proc.returncode is not None


def test_a_late_answer_is_skipped_and_the_program_keeps_its_seat(tmp_path):
    # Slow once: the late answer (to a request already refused) must not be taken as the
    # answer to the next request.
    body = f"""
        import importlib.util, json, random, sys, time
        spec = importlib.util.spec_from_file_location("example", {str(EXAMPLE)!r})
        bot = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(bot)
        rng = random.Random(4)
        slow = True
        for line in sys.stdin:
            req = json.loads(line)
            if req["type"] != "play":
                if req["type"] in ("declare", "bury"):
                    if req["type"] == "declare":
                        answer = {{"declare": None, "id": req["id"]}}
                    else:
                        answer = {{"bury": bot.bury(req, rng), "id": req["id"]}}
                    print(json.dumps(answer), flush=True)
                continue
            if slow:
                time.sleep(2.0)
                slow = False
            print(json.dumps({{"play": bot.play(req, rng), "id": req["id"]}}), flush=True)
    """
    ruleset = get_ruleset("logistics-2015")
    # The slow answer comes 0.5 s after the budget; the next request, sent when the budget ran
    # out, is answered right after it (0.5 s into its own budget): a second of slack either
    # way, so a loaded machine refuses only the slow one.
    program = start_program(command(script(tmp_path, "slow_once", body)), 0, ruleset, 1500)
    with program:
        bots = [ExternalBot(0, random.Random(1), ruleset, program)] + [
            EasyBot(s, random.Random(s), ruleset) for s in (1, 2, 3)
        ]
        report = play_hand(Hand(ruleset, HandSetup(9, False, (Rank.TWO, Rank.TWO), 2, 2)), bots)
        assert report.clean and report.hand.finished
        assert [r.reason for r in program.refusals] == ["no answer within 1500 ms"]
        assert program.running


def test_a_command_that_cannot_start_is_an_error(tmp_path, capsys):
    with pytest.raises(ExternalProgramError):
        ExternalProgram(str(tmp_path / "no-such-program"))
    with pytest.raises(SystemExit) as info:
        arena_main(["--deals", "1", "--seat", f"0=external:{tmp_path / 'no-such-program'}"])
    assert info.value.code == 2
    assert "cannot start" in capsys.readouterr().err


# --------------------------------------------------------------------- no leaks

LOGGER = """
    import importlib.util, json, random, sys
    spec = importlib.util.spec_from_file_location("example", sys.argv[1])
    bot = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bot)
    rng = random.Random(sys.argv[3])
    with open(sys.argv[2], "a", encoding="utf-8") as log:
        for line in sys.stdin:
            log.write(line)
            log.flush()
            req = json.loads(line)
            kind = req["type"]
            if kind in ("declare", "bury", "play"):
                answer = {kind: getattr(bot, kind)(req, rng), "id": req["id"]}
                print(json.dumps(answer), flush=True)
"""


def card_lists(value, path="") -> list[tuple[str, list[Card]]]:
    """Every non-empty list of card strings anywhere in a request."""
    out = []
    if isinstance(value, dict):
        for k, v in value.items():
            out += card_lists(v, f"{path}.{k}")
    elif isinstance(value, list):
        if value and all(isinstance(x, str) for x in value):
            try:
                out.append((path, parse_cards(value)))
            except CardError:
                pass
        else:
            for i, v in enumerate(value):
                out += card_lists(v, f"{path}[{i}]")
    return out


def public_cards(hand: Hand) -> Counter:
    """Cards every seat has seen: declarations shown, cards played, failed throws shown."""
    seen = Counter()
    for decl in hand.bidding.shown:
        seen.update(decl.cards)
    for trick in hand.tricks:
        for _, cards in trick.plays:
            seen.update(cards)
        seen.update(trick.attempted)
    return seen


@pytest.mark.parametrize(
    "ruleset_id,first_hand", [("hebi-2010", True), ("lanzhou-2010", False), ("logistics-2015", True)]
)
def test_no_request_holds_another_seats_cards(tmp_path, ruleset_id, first_hand):
    ruleset = get_ruleset(ruleset_id)
    logger = script(tmp_path, "logger", LOGGER)
    logs = [tmp_path / f"seat{s}.jsonl" for s in range(4)]
    programs = [start_program(command(logger, EXAMPLE, logs[s], s), s, ruleset, 5000) for s in range(4)]
    truth: list[list[dict]] = [[] for _ in range(4)]
    try:
        for number in range(2):
            setup = HandSetup(
                100 + number,
                first_hand,
                (Rank.TWO, Rank.TWO) if first_hand else (Rank.SEVEN, Rank.KING),
                None if first_hand else 1,
                1,
            )
            hand = Hand(ruleset, setup)
            bots = [ExternalBot(s, random.Random(s), ruleset, programs[s]) for s in range(4)]

            def record(seat, kind, obs, choice, elapsed, hand=hand):
                truth[seat].append(snapshot(hand, seat, kind))

            report = play_hand(hand, bots, on_decision=record)
            assert report.clean
            for s in range(4):
                bots[s].end_hand(hand)
                truth[s].append(snapshot(hand, s, "result"))
    finally:
        for p in programs:
            p.close()
    for s in range(4):
        assert not programs[s].refusals
        requests = [json.loads(line) for line in logs[s].read_text().splitlines()]
        assert requests[0]["type"] == "hello" and requests[0]["seat"] == s
        assert [r["type"] for r in requests[1:]] == [t["kind"] for t in truth[s]]
        for req, true in zip(requests[1:], truth[s]):
            assert req["seat"] == s
            assert Counter(parse_cards(req["hand"])) == true["own"], (req["type"], req["id"])
            if not true["dealer"]:
                assert req["kitty"] == []
            allowed = true["own"] + true["public"] + true["kitty"]
            assert leaks(req, allowed) == [], f"seat {s} {req['type']} {req['id']}"
            # The check would see a leak: other seats hold cards this seat may not see.
            hidden = [c for c in true["others"] - allowed if not true["public"][c] + true["kitty"][c]]
            if hidden:
                assert leaks(dict(req, hand=req["hand"] + [str(hidden[0])]), allowed)


def leaks(request: dict, allowed: Counter) -> list[str]:
    """The card lists of a request that name more of a card than the seat may see."""
    return [where for where, cards in card_lists(request) if Counter(cards) - allowed]


def snapshot(hand: Hand, seat: int, kind: str) -> dict:
    dealer = hand.dealer == seat and hand.phase in (BURYING, PLAYING, SETTLED)
    # While burying, the kitty is in the dealer's hand; then the buried cards are the kitty.
    kitty = Counter(hand.kitty) if dealer and hand.phase != BURYING else Counter()
    others = Counter(c for s in range(4) if s != seat for c in hand.hands[s])
    return {
        "kind": kind,
        "own": Counter(hand.hands[seat]),
        "public": public_cards(hand),
        "dealer": dealer,
        "kitty": kitty,
        "others": others,
    }


# --------------------------------------------------------------------- messages and specs


def test_answers_are_checked_with_the_cores_rules():
    ruleset = get_ruleset("hebi-2010")
    hand = Hand(ruleset, HandSetup(21, False, (Rank.TWO, Rank.TWO), 0, 0))
    bots = [EasyBot(s, random.Random(s), ruleset) for s in range(4)]
    while hand.phase != PLAYING:  # deal and bury with the easy bots
        play_hand_step(hand, bots)
    obs = observe(hand, 0)
    req = json.loads(json.dumps(play_request(obs)))
    hints = {k: req["legal"][k] for k in ("leading", "lead", "lead_suit", "lead_shape", "count")}
    assert hints == {"leading": True, "lead": None, "lead_suit": None, "lead_shape": None, "count": None}
    held = req["hand"]
    assert read_answer("play", {"play": held[:1]}, obs) == parse_cards(held[:1])
    with pytest.raises(AnswerRefused, match="one suit"):
        read_answer("play", {"play": held}, obs)
    with pytest.raises(AnswerRefused, match="does not hold"):
        absent = next(c for c in ("BJ", "SJ", "AS", "AH") if held.count(c) < 2)
        read_answer("play", {"play": [absent] * 2}, obs)
    with pytest.raises(AnswerRefused, match="must be a list"):
        read_answer("play", {"play": "AS"}, obs)
    with pytest.raises(AnswerRefused, match="JSON object"):
        read_answer("play", ["AS"], obs)
    with pytest.raises(AnswerRefused, match="no 'play' field"):
        read_answer("play", {"move": ["AS"]}, obs)
    # A lead of several units of one suit is a throw: legal to attempt.
    suit = req["card_order"][held[-1]][0]
    same = [c for c in held if req["card_order"][c][0] == suit]
    assert read_answer("play", {"play": same}, obs) == parse_cards(same)
    # Following: the hint names the lead, its suit, its shape and the count.
    hand.play(0, parse_cards(same[:1]))
    req1 = play_request(observe(hand, 1))
    assert req1["legal"]["lead"] == same[:1] and req1["legal"]["count"] == 1
    assert req1["legal"]["lead_shape"] == ["S"] and req1["legal"]["lead_suit"] == suit


def play_hand_step(hand: Hand, bots) -> None:
    if hand.phase == DEALING:
        if hand.dealt < hand.to_deal:
            hand.deal()
        else:
            hand.finish_deal()
    elif hand.phase == AFTER_DEAL:
        hand.finish_deal()
    elif hand.phase == BURYING:
        hand.bury(hand.dealer, bots[hand.dealer].bury(observe(hand, hand.dealer)))


def test_declarations_must_be_one_of_the_options():
    ruleset = get_ruleset("lanzhou-2010")
    hand = Hand(ruleset, HandSetup(3, True, (Rank.TWO, Rank.TWO), None, 0))
    obs = observe(hand, 0)
    options = [parse_cards(["2S"]), parse_cards(["2S", "2S"])]
    assert read_answer("declare", {"declare": None}, obs, options) is None
    assert read_answer("declare", {"declare": []}, obs, options) is None
    assert read_answer("declare", {"declare": ["2s", "2S"]}, obs, options) == options[1]
    with pytest.raises(AnswerRefused, match="not one of the declarations"):
        read_answer("declare", {"declare": ["2H"]}, obs, options)


def test_hello_carries_every_ruleset_field():
    ruleset = get_ruleset("lanzhou-2010")
    hello = hello_request(1, ruleset, 5000)
    assert hello["protocol"] == PROTOCOL_VERSION == 2
    for key, value in ruleset.to_dict().items():
        assert hello["ruleset"][key] == json.loads(json.dumps(value))
    assert hello["ruleset"]["hand_size"] == 39 and hello["time_ms"] == 5000


def test_seat_specs_and_the_factory(tmp_path):
    assert parse_seat_spec("2=external:python bot.py") == (2, "external:python bot.py")
    assert parse_seat_spec(" 0 = normal") == (0, "normal")
    for bad in ("4=normal", "x=normal", "1=genius", "1=external:", "external:bot"):
        with pytest.raises(ValueError):
            parse_seat_spec(bad)
    assert [ArenaSeats.first_play_seat(s, 1) for s in range(4)] == [3, 0, 1, 2]
    ruleset = get_ruleset("logistics-2015")
    make = seat_bot_factory(1000)
    assert make("easy", 1, random.Random(1), ruleset).level == "easy"
    bot = make("external:" + command(EXAMPLE), 1, random.Random(1), ruleset)
    try:
        assert isinstance(bot, ExternalBot) and bot.owns_program and bot.program.running
        # A whole hand as the game would run it: the bot kept, the result sent after it.
        bots = [bot if s == 1 else EasyBot(s, random.Random(s), ruleset) for s in range(4)]
        report = play_hand(Hand(ruleset, HandSetup(8, False, (Rank.TWO, Rank.TWO), 1, 1)), bots)
        hand_over(bots, report.hand)
        assert report.clean and bot.refusals == [] and bot.program.hand_number == 2
    finally:
        close_all([bot])
    assert bot.program.proc.returncode is not None
    with pytest.raises(ValueError):  # what the table's make_controllers catches
        make_seat_bot("external:" + str(tmp_path / "missing"), 0, random.Random(1), ruleset)


# --------------------------------------------------------------------- the documentation


def test_the_documented_exchange_matches_what_is_sent_now():
    import io

    from bots.examples.transcript import transcript

    doc = (ROOT / "docs" / "bot-protocol.md").read_text(encoding="utf-8")
    documented = [(line[0], json.loads(line[2:])) for line in doc.splitlines() if line[:2] in ("> ", "< ")]
    out = io.StringIO()
    refusals = transcript("logistics-2015", 0, command(EXAMPLE, 1), seed=2, out=out)
    assert refusals == []
    now = [(line[0], json.loads(line[2:])) for line in out.getvalue().splitlines()]

    def keys(messages):
        return {
            m["type"] if d == ">" else "answer:" + next(iter(m)): sorted(m)
            if "legal" not in m
            else sorted(m) + sorted(m["legal"])
            for d, m in messages
        }

    assert [m.get("type") for d, m in documented if d == ">"][:2] == ["hello", "declare"]
    assert keys(documented) == keys(now)
    assert documented[0][1]["protocol"] == PROTOCOL_VERSION


def test_the_docstring_examples():
    import doctest

    import bots.external
    import bots.protocol

    for module in (bots.protocol, bots.external):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0


def test_the_observation_sent_is_plain_json():
    from bots.protocol import observation_json

    ruleset = get_ruleset("hebi-2010")
    hand = Hand(ruleset, HandSetup(31, False, (Rank.TWO, Rank.NINE), 3, 3))
    bots = [EasyBot(s, random.Random(s), ruleset) for s in range(4)]
    seen = []
    play_hand(hand, bots, on_decision=lambda seat, kind, obs, *rest: seen.append(obs))
    for obs in seen[::7]:
        data = observation_json(obs)
        assert json.loads(json.dumps(data)) == data
