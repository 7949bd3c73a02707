"""The JSON-lines referee (shared/REFEREE.md)."""

from collections import Counter
import json
import os
from pathlib import Path
import subprocess
import sys

import pytest

from game.referee import answer
from tests.support import REPO

SHARED_CANDIDATES = [
    Path(__file__).resolve().parents[3] / "shared",
    Path(__file__).resolve().parents[2].parent / "shared",
]
SHARED = next((p for p in SHARED_CANDIDATES if (p / "conformance").is_dir()), None)
PUBLIC = SHARED / "conformance" / "public.jsonl" if SHARED else None


def ask(**request):
    return answer(json.dumps(request))


def is_error(reply):
    return set(reply) == {"error"} and isinstance(reply["error"], str) and len(reply["error"].strip()) > 5


def same(expected, got):
    if isinstance(expected, list) and isinstance(got, list):
        if all(isinstance(x, str) for x in expected + got):
            return Counter(x.upper() for x in expected) == Counter(x.upper() for x in got)
        return len(expected) == len(got) and all(same(e, g) for e, g in zip(expected, got))
    return expected == got


HEBI = dict(ruleset="hebi-2010", level="2", trump="S")
LZ10 = dict(ruleset="lanzhou-2010", level="10", trump="S")
K8 = ["3C", "4C", "6C", "7C", "8C", "9C", "JC", "QC"]


# -------------------------------------------------------------- the public conformance


def _public_cases():
    if PUBLIC is None or not PUBLIC.exists():
        return []
    with open(PUBLIC, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


@pytest.mark.skipif(PUBLIC is None, reason="shared/conformance is not beside the clone")
@pytest.mark.parametrize("case", _public_cases(), ids=lambda c: c["id"])
def test_public_conformance_case(case):
    req = case["request"]
    got = answer(req if isinstance(req, str) else json.dumps(req, ensure_ascii=False))
    expected = case["expect"]
    if expected.get("error") is True:
        assert "error" in got
    else:
        assert "error" not in got, got
        for k, v in expected.items():
            assert k in got and same(v, got[k]), (k, v, got)


# ------------------------------------------------------------------------ ops by example


def test_units_answer_shape_and_suit():
    assert ask(op="units", **LZ10, cards=["kh", "Kh", "qH", "QH", "AH"]) == {"suit": "H", "shape": ["T2", "S"]}
    assert ask(op="units", **LZ10, cards=["TH", "AS"]) == {"suit": "trump", "shape": ["S", "S"]}
    assert ask(op="units", **LZ10, cards=["AH", "AS"]) == {"suit": "mixed", "shape": []}


def test_units_three_deck_triple():
    assert ask(op="units", **LZ10, cards=["5H"] * 3)["shape"] == ["P", "S"]


def test_lead_invalid_mixed():
    assert ask(op="lead", **LZ10, cards=["AH", "AC"], others=[[], [], []]) == {
        "valid": False,
        "throw": False,
        "ok": False,
        "played": [],
        "blocked": 0,
    }


def test_lead_single_unit_is_played_as_is():
    reply = ask(op="lead", **LZ10, cards=["7H", "7H", "6H", "6H"], others=[["AH", "AH", "KH", "KH"], [], []])
    assert reply == {"valid": True, "throw": False, "ok": True, "played": ["7H", "7H", "6H", "6H"], "blocked": 0}


def test_lead_answers_canonical_cards():
    reply = ask(op="lead", **LZ10, cards=["th", "tc"], others=[["10s"], [], []])
    assert reply["played"] == ["10H"] and reply["blocked"] == 2


def test_follow_reason_is_empty_when_legal_and_a_sentence_when_not():
    ok = ask(op="follow", **HEBI, lead=["7H", "7H"], hand=["9H", "9H", "3H"], play=["9H", "9H"])
    assert ok == {"legal": True, "reason": ""}
    bad = ask(op="follow", **HEBI, lead=["7H", "7H"], hand=["9H", "9H", "3H"], play=["9H", "3H"])
    assert bad["legal"] is False and "pair" in bad["reason"] and bad["reason"].endswith(".")


def test_follow_wrong_number_of_cards_is_illegal_not_an_error():
    reply = ask(op="follow", **HEBI, lead=["7H", "7H"], hand=["9H", "9H", "3H"], play=["9H"])
    assert reply["legal"] is False and reply["reason"]


def test_trick_example_from_referee_md():
    reply = ask(
        op="trick",
        ruleset="lanzhou-2010",
        level="10",
        trump="S",
        plays=[["5H", "4H", "4H"], ["2C", "3C", "6C"], ["9S", "7S", "7S"], ["8S", "8S", "4S"]],
    )
    assert reply == {"winner": 3, "points": 5}


def test_settle_triple_dig_is_a_pair_dig():
    reply = ask(
        op="settle",
        ruleset="lanzhou-2010",
        level="10",
        trump="S",
        points=60,
        kitty=["5C", "3C", "4C", "6C", "7C", "KC"],
        last={"side": "defenders", "lead": ["5H", "5H", "5H"]},
    )
    assert reply == {"total": 120, "multiplier": 4, "deal_to": "defenders", "up_side": "defenders", "up_levels": 0}


def test_settle_throw_dig_uses_its_largest_unit():
    reply = ask(
        op="settle",
        **HEBI,
        points=0,
        kitty=["5C", "3C", "4C", "6C", "7C", "8C", "9C", "JC"],
        last={"side": "defenders", "lead": ["9H", "9H", "8H", "8H", "AH", "AH", "KH"]},
    )
    assert (reply["multiplier"], reply["total"]) == (8, 40)


def test_settle_lanzhou_with_two_decks():
    reply = ask(
        op="settle",
        ruleset="lanzhou-2010",
        level="2",
        trump="S",
        decks=2,
        points=75,
        kitty=K8,
        last={"side": "dealers", "lead": ["3C"]},
    )
    assert (reply["deal_to"], reply["up_side"], reply["up_levels"]) == ("dealers", "dealers", 1)
    assert "error" in ask(
        op="settle",
        ruleset="lanzhou-2010",
        level="2",
        trump="S",
        decks=2,
        points=75,
        kitty=K8[:6],
        last={"side": "dealers", "lead": ["3C"]},
    )


def test_settle_dealers_last_trick_no_multiplier():
    reply = ask(
        op="settle",
        **HEBI,
        points=50,
        kitty=["KC", "KC", "10C", "10C", "5C", "5C", "3C", "4C"],
        last={"side": "dealers", "lead": ["AH", "AH"]},
    )
    assert (reply["total"], reply["multiplier"]) == (50, 0)


def test_settle_pointless_kitty_still_reports_the_multiplier():
    reply = ask(op="settle", **HEBI, points=45, kitty=K8, last={"side": "defenders", "lead": ["9H", "9H"]})
    assert (reply["total"], reply["multiplier"], reply["up_side"], reply["up_levels"]) == (45, 4, "dealers", 1)


# rules that do not depend on the ruleset answer alike for every ruleset that can ask them


@pytest.mark.parametrize("rid", ["hebi-2010", "lanzhou-2010"])
def test_tp_example_for_every_multi_deck_ruleset(rid):
    lead = ["6H", "6H", "5H", "5H", "4H", "4H", "10H", "10H", "9H", "9H"]
    hand = ["AH", "AH", "KH", "KH", "QH", "QH", "JH", "JH", "7H", "7H", "3H", "3H"]
    good = ask(op="follow", ruleset=rid, level="2", trump="S", lead=lead, hand=hand, play=hand[:10])
    bad = ask(op="follow", ruleset=rid, level="2", trump="S", lead=lead, hand=hand, play=hand[:6] + hand[8:])
    assert good == {"legal": True, "reason": ""}
    assert bad["legal"] is False and "tractor" in bad["reason"].lower()


@pytest.mark.parametrize("rid", ["hebi-2010", "lanzhou-2010", "logistics-2015"])
def test_single_card_rules_for_every_ruleset(rid):
    base = dict(ruleset=rid, level="10", trump="S")
    assert ask(op="trick", **base, plays=[["AH"], ["2S"], ["10C"], ["KH"]]) == {"winner": 2, "points": 20}
    assert ask(op="follow", **base, lead=["AH"], hand=["10H", "4C"], play=["4C"])["legal"] is True
    assert ask(op="follow", **base, lead=["AH"], hand=["3H", "4C"], play=["4C"])["legal"] is False
    assert ask(op="units", **base, cards=["JH", "9H", "QH"]) == {"suit": "H", "shape": ["S"] * 3}
    reply = ask(op="lead", **base, cards=["KH", "QH", "3H"], others=[["AH"], [], []])
    assert (reply["ok"], reply["played"], reply["blocked"]) == (False, ["3H"], 3)


def test_bid_answer_keys():
    reply = ask(
        op="bid",
        ruleset="hebi-2010",
        first_hand=True,
        dealer=None,
        first_drawer=2,
        levels=["2", "2"],
        events=[],
        kitty=["3C", "4C", "BJ", "5D"] + K8[4:],
    )
    assert reply == {"accepted": [], "trump": "D", "rank": "2", "dealer": 2, "redeal": False}


@pytest.mark.parametrize(
    "rid,events,expected",
    [
        (
            "hebi-2010",
            [
                {"seat": 2, "cards": ["2C", "SJ"]},
                {"seat": 0, "cards": ["SJ", "SJ"]},
                {"seat": 2, "cards": ["BJ", "BJ"]},
            ],
            ([True, True, True], "NT", 2),
        ),
        (
            "hebi-2010",
            [{"seat": 2, "cards": ["2C", "BJ"]}, {"seat": 0, "cards": ["2C", "2C"]}],
            ([False, False], "D", 1),
        ),
        (
            "lanzhou-2010",
            [{"seat": 3, "cards": ["2H", "2H"]}, {"seat": 0, "cards": ["BJ", "BJ"]}],
            ([True, False], "H", 3),
        ),
        (
            "lanzhou-2010",
            [{"seat": 3, "cards": ["BJ"]}, {"seat": 0, "cards": ["2S"]}, {"seat": 1, "cards": ["SJ", "SJ"]}],
            ([False, True, True], "NT", 0),
        ),
        ("logistics-2015", [{"seat": 2, "cards": ["2S"]}, {"seat": 3, "cards": ["2H"]}], ([True, False], "S", 2)),
    ],
)
def test_bid_first_hands(rid, events, expected):
    kitty = ["3C", "4C", "6D", "7C", "8C", "9C", "JC", "QC"][: 8 if rid == "hebi-2010" else 6]
    reply = ask(
        op="bid",
        ruleset=rid,
        first_hand=True,
        dealer=None,
        first_drawer=1,
        levels=["2", "2"],
        events=events,
        kitty=kitty,
    )
    assert (reply["accepted"], reply["trump"], reply["dealer"]) == expected
    assert reply["rank"] == "2" and reply["redeal"] is False


def test_bid_after_deal_event_ends_the_deal_for_later_events():
    reply = ask(
        op="bid",
        ruleset="hebi-2010",
        first_hand=False,
        dealer=0,
        first_drawer=0,
        levels=["5", "3"],
        kitty=K8,
        events=[
            {"seat": 1, "cards": ["5S", "SJ"], "after_deal": True},
            {"seat": 3, "cards": ["3S", "SJ"], "after_deal": True},
            {"seat": 2, "cards": ["5H", "BJ"]},
        ],
    )
    assert reply["accepted"] == [False, True, False]
    assert (reply["trump"], reply["rank"], reply["dealer"]) == ("S", "3", 3)


# ---------------------------------------------------------------------------- errors


@pytest.mark.parametrize(
    "line", ["this is not json", "", "   ", "[1, 2]", "[]", "null", "42", '"units"', "{", '{"op": "units"']
)
def test_not_a_json_object_is_an_error(line):
    assert is_error(answer(line))


@pytest.mark.parametrize("op", ["shuffle", None, 3, ""])
def test_unknown_op_is_an_error(op):
    assert is_error(ask(op=op, **HEBI, cards=["2S"]))


@pytest.mark.parametrize("op", [["units"], {"name": "units"}])
def test_unhashable_op_is_an_error(op):
    assert is_error(ask(op=op, **HEBI, cards=["2S"]))


def test_deeply_nested_json_is_an_error():
    assert is_error(answer("[" * 100000 + "]" * 100000))


@pytest.mark.parametrize("ruleset", ["nowhere-1999", "hebi", "", 5, None])
def test_unknown_ruleset_is_an_error(ruleset):
    assert is_error(ask(op="units", ruleset=ruleset, level="2", trump="S", cards=["2S"]))


@pytest.mark.parametrize(
    "request_",
    [
        dict(op="units", level="2", trump="S", cards=["2S"]),
        dict(op="units", ruleset="hebi-2010", trump="S", cards=["2S"]),
        dict(op="units", ruleset="hebi-2010", level="2", cards=["2S"]),
        dict(op="units", **HEBI),
        dict(op="lead", **HEBI, cards=["2S"]),
        dict(op="follow", **HEBI, lead=["2S"], hand=["3S"]),
        dict(op="trick", **HEBI),
        dict(op="settle", **HEBI, kitty=K8, last={"side": "dealers", "lead": ["3C"]}),
        dict(op="settle", **HEBI, points=0, kitty=K8, last={"side": "dealers"}),
        dict(op="bid", ruleset="hebi-2010", first_hand=True, first_drawer=0, levels=["2", "2"], kitty=K8),
        dict(op="bid", ruleset="hebi-2010", first_hand=True, first_drawer=0, events=[], kitty=K8),
        dict(
            op="bid",
            ruleset="hebi-2010",
            first_hand=True,
            first_drawer=0,
            levels=["2", "2"],
            events=[{"cards": ["2H", "BJ"]}],
            kitty=K8,
        ),
    ],
)
def test_missing_field_is_an_error(request_):
    assert is_error(answer(json.dumps(request_)))


@pytest.mark.parametrize("bad", ["1X", "11S", "", "S2", "2 S", 10, None, ["2S"]])
def test_bad_card_is_an_error(bad):
    assert is_error(ask(op="units", **HEBI, cards=["2S", bad]))


@pytest.mark.parametrize("level,trump", [("1", "S"), ("B", "S"), ("2", "X"), (2, "S"), ("2", None)])
def test_bad_level_or_trump_is_an_error(level, trump):
    assert is_error(ask(op="units", ruleset="hebi-2010", level=level, trump=trump, cards=["2S"]))


@pytest.mark.parametrize("rid,copies", [("logistics-2015", 2), ("hebi-2010", 3), ("lanzhou-2010", 4)])
def test_a_card_repeated_more_than_the_deck_count_is_an_error(rid, copies):
    assert is_error(ask(op="units", ruleset=rid, level="2", trump="S", cards=["5H"] * copies))
    assert "error" not in ask(op="units", ruleset=rid, level="2", trump="S", cards=["5H"] * (copies - 1))


def test_repeats_are_checked_list_by_list():
    # hebi: 2 decks; each list holds ♥A twice, together four times: not an error
    reply = ask(op="follow", **HEBI, lead=["AH", "AH"], hand=["AH", "AH", "3H"], play=["AH", "AH"])
    assert reply["legal"] is True


def test_repeats_in_others_and_plays_are_errors():
    assert is_error(ask(op="lead", **HEBI, cards=["AH"], others=[["KH", "KH", "KH"], [], []]))
    assert is_error(
        ask(op="trick", **HEBI, plays=[["3H", "4H", "5H"], ["3C", "4C", "5C"], ["3D", "4D", "5D"], ["BJ", "BJ", "BJ"]])
    )


def test_follow_with_a_play_not_in_the_hand_is_an_error():
    assert is_error(ask(op="follow", **HEBI, lead=["7H"], hand=["9H", "3H"], play=["AH"]))
    assert is_error(ask(op="follow", **HEBI, lead=["7H", "7H"], hand=["9H", "3H", "4C"], play=["9H", "9H"]))


def test_follow_with_a_hand_smaller_than_the_lead_is_an_error():
    assert is_error(ask(op="follow", **HEBI, lead=["7H", "7H"], hand=["9H"], play=["9H"]))


def test_follow_with_a_mixed_lead_is_an_error():
    assert is_error(ask(op="follow", **HEBI, lead=["7H", "7C"], hand=["9H", "3H"], play=["9H", "3H"]))


def test_trick_with_plays_of_different_sizes_is_an_error():
    assert is_error(ask(op="trick", **HEBI, plays=[["AH", "AH"], ["3H"], ["4H", "5H"], ["6H", "7H"]]))


@pytest.mark.parametrize(
    "plays",
    [
        [["AH"], ["3H"], ["4H"]],
        [["AH"]] * 5,
        [["AH"], [], [], []],
        [["AH", "2C"], ["3H", "4H"], ["5H", "6H"], ["7H", "8H"]],
        "AH",
        [["AH"], "3H", ["4H"], ["5H"]],
    ],
)
def test_trick_with_bad_plays_is_an_error(plays):
    assert is_error(ask(op="trick", **HEBI, plays=plays))


@pytest.mark.parametrize("levels", [["3", "2"], ["2", "A"], ["5", "5"]])
def test_bid_first_hand_with_levels_not_2_is_an_error(levels):
    assert is_error(
        ask(
            op="bid",
            ruleset="hebi-2010",
            first_hand=True,
            dealer=None,
            first_drawer=0,
            levels=levels,
            events=[],
            kitty=K8,
        )
    )


@pytest.mark.parametrize(
    "patch",
    [
        dict(first_drawer=4),
        dict(first_drawer=None),
        dict(first_hand="yes"),
        dict(levels=["2"]),
        dict(levels=[2, 2]),
        dict(events="none"),
        dict(events=[{"seat": 5, "cards": ["2H", "BJ"]}]),
        dict(events=[{"seat": 0, "cards": ["2H", "BJ"], "after_deal": "no"}]),
        dict(events=[{"seat": 0, "cards": []}]),
        dict(events=[["2H", "BJ"]]),
        dict(first_hand=False, dealer=None, levels=["3", "5"]),
        dict(kitty=["3C", "4C"]),
    ],
)
def test_bid_bad_requests_are_errors(patch):
    request = dict(
        op="bid",
        ruleset="hebi-2010",
        first_hand=True,
        dealer=None,
        first_drawer=0,
        levels=["2", "2"],
        events=[],
        kitty=K8,
    )
    request.update(patch)
    assert is_error(answer(json.dumps(request)))


@pytest.mark.parametrize(
    "patch",
    [
        dict(points=7),
        dict(points="10"),
        dict(points=True),
        dict(kitty=K8[:7]),
        dict(kitty=K8 + ["5H"]),
        dict(last={"side": "nobody", "lead": ["3C"]}),
        dict(last={"side": "dealers", "lead": []}),
        dict(last={"side": "dealers", "lead": ["3C", "3H"]}),
        dict(last="dealers"),
        dict(decks=4),
        dict(decks=0),
        dict(decks="2"),
    ],
)
def test_settle_bad_requests_are_errors(patch):
    request = dict(op="settle", **HEBI, points=0, kitty=K8, last={"side": "dealers", "lead": ["3C"]})
    request.update(patch)
    assert is_error(answer(json.dumps(request)))


@pytest.mark.parametrize(
    "patch", [dict(cards=[]), dict(others=[[], []]), dict(others="x"), dict(others=[[], [], "KH"]), dict(cards="AH")]
)
def test_lead_bad_requests_are_errors(patch):
    request = dict(op="lead", **HEBI, cards=["AH"], others=[[], [], []])
    request.update(patch)
    assert is_error(answer(json.dumps(request)))


@pytest.mark.parametrize("rid,limit", [("hebi-2010", 33), ("lanzhou-2010", 45), ("logistics-2015", 18)])
def test_units_takes_one_to_hand_plus_kitty_cards(rid, limit):
    deck = [f"{r}{s}" for s in "SHCD" for r in ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]] + [
        "BJ",
        "SJ",
    ]
    assert "error" not in ask(op="units", ruleset=rid, level="2", trump="S", cards=deck[:limit])
    assert is_error(ask(op="units", ruleset=rid, level="2", trump="S", cards=deck[: limit + 1]))
    assert is_error(ask(op="units", ruleset=rid, level="2", trump="S", cards=[]))


def test_units_too_many_cards_is_an_error():
    assert is_error(
        ask(
            op="units",
            ruleset="logistics-2015",
            level="2",
            trump="S",
            cards=[
                "2S",
                "3S",
                "4S",
                "5S",
                "6S",
                "7S",
                "8S",
                "9S",
                "10S",
                "JS",
                "QS",
                "KS",
                "AS",
                "2H",
                "3H",
                "4H",
                "5H",
                "6H",
                "7H",
            ],
        )
    )


def test_error_answers_are_one_sentence():
    reply = answer("not json")
    assert reply["error"][0].isalpha() and "\n" not in reply["error"]


# ------------------------------------------------------------------------ the process


def _run(lines, timeout=30, **env_extra):
    env = dict(os.environ, PYTHONPATH=str(REPO), **env_extra)
    return subprocess.run(
        [sys.executable, "-m", "game.referee"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=REPO,
        env=env,
    )


def _run_bytes(data: bytes, **env_extra):
    env = dict(os.environ, PYTHONPATH=str(REPO), **env_extra)
    return subprocess.run(
        [sys.executable, "-m", "game.referee"], input=data, capture_output=True, timeout=30, cwd=REPO, env=env
    )


def test_subprocess_keeps_answering_after_errors_and_exits_0():
    good = json.dumps(dict(op="units", **HEBI, cards=["3H", "3H", "4H", "4H"]))
    lines = [
        good,
        "not json",
        "",
        '{"op": "shuffle"}',
        "[1]",
        json.dumps(dict(op="units", ruleset="nowhere", level="2", trump="S", cards=["2S"])),
        good,
    ]
    proc = _run(lines)
    assert proc.returncode == 0, proc.stderr
    answers = [json.loads(l) for l in proc.stdout.splitlines()]
    assert len(answers) == len(lines)
    assert answers[0] == answers[-1] == {"suit": "H", "shape": ["T2"]}
    assert all("error" in a for a in answers[1:-1])


def test_subprocess_answers_nothing_for_no_input():
    proc = subprocess.run(
        [sys.executable, "-m", "game.referee"],
        input="",
        capture_output=True,
        text=True,
        timeout=30,
        cwd=REPO,
        env=dict(os.environ, PYTHONPATH=str(REPO)),
    )
    assert proc.returncode == 0 and proc.stdout == ""


def test_subprocess_imports_no_pygame():
    code = "import sys, game.referee; print('pygame' in sys.modules)"
    proc = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=30,
        cwd=REPO,
        env=dict(os.environ, PYTHONPATH=str(REPO)),
    )
    assert proc.stdout.strip() == "False"


def test_subprocess_survives_an_unhashable_op():
    good = json.dumps(dict(op="units", **HEBI, cards=["3H"]))
    proc = _run([good, '{"op": ["units"]}', good])
    assert proc.returncode == 0
    assert len(proc.stdout.splitlines()) == 3


def test_subprocess_survives_deep_nesting():
    good = json.dumps(dict(op="units", **HEBI, cards=["3H"]))
    proc = _run([good, "[" * 100000, good])
    assert proc.returncode == 0
    assert len(proc.stdout.splitlines()) == 3


def test_subprocess_answers_a_line_that_is_not_utf8():
    good = json.dumps(dict(op="units", **HEBI, cards=["3H"])).encode()
    proc = _run_bytes(good + b"\n\xff\xfe not utf-8\n" + good + b"\n", PYTHONIOENCODING="utf-8")
    assert proc.returncode == 0, proc.stderr[-300:]
    answers = [json.loads(l) for l in proc.stdout.decode("utf-8").splitlines()]
    assert len(answers) == 3 and "error" in answers[1] and answers[0] == answers[2]


def test_subprocess_answers_in_utf8_whatever_the_locale():
    bad_follow = json.dumps(dict(op="follow", **HEBI, lead=["7H", "7H"], hand=["9H", "9H", "3H"], play=["9H", "3H"]))
    good = json.dumps(dict(op="units", **HEBI, cards=["3H"]))
    proc = _run_bytes((bad_follow + "\n" + good + "\n").encode(), PYTHONIOENCODING="cp1252")
    assert proc.returncode == 0, proc.stderr[-300:]
    answers = [json.loads(l) for l in proc.stdout.decode("utf-8").splitlines()]
    assert answers[0]["legal"] is False and answers[1] == {"suit": "H", "shape": ["S"]}
