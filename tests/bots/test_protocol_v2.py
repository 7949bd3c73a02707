"""Protocol 2: an outside program written here checks every field version 2 adds, on every
request it gets, while it plays whole hands at all four seats."""

from __future__ import annotations

import json
from pathlib import Path
import random
import shlex
import sys
import textwrap

import pytest

from bots.external import ExternalBot, hand_over, start_program
from game.core import Hand, HandSetup, Rank, get_ruleset
from game.table import play_hand

# The program: standard library only, like any outside bot. It checks the version-2 fields
# against the rest of each request and, when its input ends, writes what it saw to argv[1].
CHECKER = r"""
import json, random, sys

out_path, policy = sys.argv[1], sys.argv[2]
rng = random.Random(1)
seen = {"requests": 0, "protocol": None, "last_chance": 0, "after_deal": 0,
        "after_deal_own_level": 0, "kinds": [], "in_force": 0, "violations": []}
kitty = None
closed_hands = set()  # hands in which last_chance was true: no declare may follow

def bad(why, req):
    seen["violations"].append(f"{req.get('type')} {req.get('id')}: {why}")

def rank_of(card):
    return None if card in ("BJ", "SJ") else card[:-1]

def suit_of(card):
    return None if card in ("BJ", "SJ") else card[-1]

for line in sys.stdin:
    req = json.loads(line)
    kind = req["type"]
    if kind == "hello":
        seen["protocol"] = req["protocol"]
        kitty = req["ruleset"]["kitty"]
        continue
    seen["requests"] += 1
    if req.get("kitty_size") != kitty:
        bad(f"kitty_size {req.get('kitty_size')} != {kitty}", req)
    if not isinstance(req.get("last_chance"), bool):
        bad("last_chance is not a bool", req)
    decls = req["declarations"]
    for d in decls:
        if d.get("trump") not in ("S", "H", "C", "D", "NT"):
            bad(f"declaration trump {d.get('trump')!r}", req)
    if req.get("in_force") != (decls[-1] if decls else None):
        bad("in_force is not the last declaration", req)
    if req["in_force"] is not None:
        seen["in_force"] += 1
    if kind != "declare":
        if kind == "bury":
            print(json.dumps({"bury": req["hand"][:req["count"]], "id": req["id"]}), flush=True)
        elif kind == "play":
            # Follow with the cheapest legal-looking cards: not needed, the table checks;
            # a refused play only costs this test program, so lead/follow from the hint.
            legal = req["legal"]
            order = req["card_order"]
            hand = req["hand"]
            if legal["leading"]:
                play = [hand[-1]]
            else:
                suit = legal["lead_suit"]
                same = [c for c in hand if order[c][0] == suit]
                n = legal["count"]
                play = same[-n:] if len(same) >= n else same + [c for c in hand if c not in same][:n - len(same)]
                if len(same) >= n and n > 1:
                    play = None  # pairs/tractors: let the table's fallback decide
            print(json.dumps({"play": play, "id": req["id"]}), flush=True)
        continue
    hand_no = req["hand_number"]
    if hand_no in closed_hands:
        bad("asked again after last_chance", req)
    if req["last_chance"]:
        seen["last_chance"] += 1
        closed_hands.add(hand_no)
    options, labelled, rank = req["options"], req["labelled_options"], req["options_rank"]
    if [o["cards"] for o in labelled] != options:
        bad("labelled_options do not match options", req)
    for o in labelled:
        seen["kinds"].append(o["kind"])
        if o["kind"] not in ("open", "overturn", "no-trump", "protect"):
            bad(f"kind {o['kind']!r}", req)
        suits = {suit_of(c) for c in o["cards"] if suit_of(c)}
        want = "NT" if o["kind"] == "no-trump" else (suits.pop() if len(suits) == 1 else "?")
        if o["trump"] != want:
            bad(f"trump {o['trump']} for {o['cards']} ({o['kind']})", req)
        for c in o["cards"]:
            if rank_of(c) not in (None, rank):
                bad(f"{c} is not of options_rank {rank}", req)
    if req["after_deal"]:
        seen["after_deal"] += 1
        if rank != req["levels"][req["seat"] % 2]:
            bad("after-deal options_rank is not the seat's own level", req)
        if rank != req["level"]:
            seen["after_deal_own_level"] += 1
    elif req["level"] is not None and rank != req["level"]:
        bad(f"options_rank {rank} != level {req['level']}", req)
    changes = [o["cards"] for o in labelled if o["kind"] in ("overturn", "no-trump")]
    if policy == "shy":  # never while dealing: the after-deal window opens
        choice = options[0] if req["after_deal"] else None
    elif changes:
        choice = changes[0]
    else:
        choice = rng.choice(options) if req["last_chance"] else None
    print(json.dumps({"declare": choice, "id": req["id"]}), flush=True)

with open(out_path, "w") as f:
    json.dump(seen, f)
"""


def _play(tmp_path: Path, ruleset_id: str, policy: str, hands: int) -> list[dict]:
    ruleset = get_ruleset(ruleset_id)
    program_file = tmp_path / "checker.py"
    program_file.write_text(textwrap.dedent(CHECKER))
    outs = [tmp_path / f"seen-{ruleset_id}-{s}.json" for s in range(4)]
    programs = [
        start_program(
            " ".join(shlex.quote(str(a)) for a in (sys.executable, program_file, outs[s], policy)), s, ruleset, 5000
        )
        for s in range(4)
    ]
    try:
        for n in range(hands):
            levels = (Rank(2 + n % 13), Rank(2 + (n * 5 + 3) % 13))
            setup = HandSetup(1000 + n, n % 5 == 0, levels, None if n % 5 == 0 else n % 4, n % 4)
            bots = [ExternalBot(s, random.Random(s), ruleset, programs[s]) for s in range(4)]
            report = play_hand(Hand(ruleset, setup), bots)
            hand_over(bots, report.hand)
            assert report.illegal == [] and report.errors == []
            assert all(r.decision == "play" for p in programs for r in p.refusals)
    finally:
        for p in programs:
            p.close(grace=2)
    return [json.loads(o.read_text()) for o in outs]


@pytest.mark.parametrize(
    "ruleset_id,policy",
    [("lanzhou-2010", "eager"), ("hebi-2010", "eager"), ("hebi-2010", "shy"), ("logistics-2015", "eager")],
)
def test_every_new_field_on_every_request(tmp_path, ruleset_id, policy):
    seen = _play(tmp_path, ruleset_id, policy, 8)
    assert all(s["violations"] == [] for s in seen), [s["violations"][:5] for s in seen]
    assert all(s["protocol"] == 2 and s["requests"] > 0 for s in seen)
    assert sum(s["last_chance"] for s in seen) > 0
    kinds = {k for s in seen for k in s["kinds"]}
    assert "open" in kinds
    if policy == "shy":
        # The defenders' after-deal window: options of their own level, not the hand's.
        assert sum(s["after_deal"] for s in seen) > 0
        assert sum(s["after_deal_own_level"] for s in seen) > 0
    else:
        assert sum(s["in_force"] for s in seen) > 0
    if ruleset_id == "lanzhou-2010":
        assert kinds & {"overturn", "no-trump"}


@pytest.mark.parametrize("seed", [2, 3])
def test_the_documented_hebi_declarations_are_what_is_sent_now(seed):
    import io

    from bots.examples.transcript import transcript

    root = Path(__file__).resolve().parents[2]
    doc = (root / "docs" / "bot-protocol.md").read_text(encoding="utf-8")
    documented = [
        json.loads(line[2:]) for line in doc.splitlines() if line[:2] in ("> ", "< ") and '"hebi-2010"' in line
    ]
    out = io.StringIO()
    example = root / "bots" / "examples" / "random_bot.py"
    transcript("hebi-2010", 1, f"{shlex.quote(sys.executable)} {shlex.quote(str(example))} 1", seed=seed, out=out)
    sent = [json.loads(line[2:]) for line in out.getvalue().splitlines() if line.startswith('> {"type":"declare"')]
    assert sent and sent[0] in documented


@pytest.mark.parametrize("ruleset_id", ["hebi-2010", "lanzhou-2010", "logistics-2015"])
def test_a_play_request_sends_the_core_s_legal_plays(ruleset_id):
    """``legal.plays`` is the core's list: every play in it is accepted, it is every legal
    follow when ``complete`` says so, and ``cut`` says what a shortened list holds."""
    from collections import Counter
    from itertools import islice

    from bots.protocol import LEGAL_LIMIT, encode, play_request, read_answer
    from game.core import PLAYING, legal_follows, observe
    from tests.random_play import random_step

    rng = random.Random(ruleset_id)
    hand = Hand(get_ruleset(ruleset_id), HandSetup(rng.randrange(10**6), False, (Rank.TWO, Rank.FIVE), 1, 1))
    seen = Counter()
    while not hand.finished:
        if hand.phase == PLAYING:
            seat = hand.to_act()
            obs = observe(hand, seat)
            legal = json.loads(encode(play_request(obs)))["legal"]
            assert legal["plays"] and isinstance(legal["complete"], bool)
            for play in legal["plays"]:
                assert read_answer("play", {"play": play}, obs) is not None
            if legal["complete"]:
                assert legal["cut"] is None
                if not legal["leading"]:
                    every = {
                        frozenset(Counter(map(str, f)).items()) for f in legal_follows(obs.lead, obs.hand, obs.ctx)
                    }
                    assert {frozenset(Counter(p).items()) for p in legal["plays"]} == every
            else:
                assert len(legal["plays"]) >= LEGAL_LIMIT or legal["leading"]
                assert legal["cut"] and str(LEGAL_LIMIT) in legal["cut"]
                if not legal["leading"]:
                    assert len(list(islice(legal_follows(obs.lead, obs.hand, obs.ctx), LEGAL_LIMIT + 1))) > LEGAL_LIMIT
            seen[(legal["leading"], legal["complete"])] += 1
        random_step(hand, rng)
    assert seen[(False, True)] and seen[(True, True)]
    if ruleset_id != "logistics-2015":  # two or three decks: the first leads have many throws
        assert seen[(True, False)]
