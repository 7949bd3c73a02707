"""Damaged requests always get one clear error answer, never a crash or a vague one."""

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from game.referee import answer

PUBLIC_CASES = Path(__file__).resolve().parent / "data" / "conformance" / "public.jsonl"
EXAMPLE = {
    "op": "settle",
    "ruleset": "hebi-2010",
    "level": "2",
    "trump": "S",
    "points": 60,
    "kitty": ["5H", "10C", "KD", "2S", "3S", "4S", "6S", "7S"],
    "last": {"side": "defenders", "lead": ["9H", "9H"]},
}
REQUESTS = [EXAMPLE]
for line in PUBLIC_CASES.read_text(encoding="utf-8").splitlines():
    if line.strip():
        request = json.loads(line)["request"]
        if isinstance(request, dict):
            REQUESTS.append(request)

JUNK = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 200)
    | st.floats(allow_nan=False)
    | st.sampled_from(["", "2S", "BJ", "NT", "10", "x", "defenders"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=300, deadline=None)
@given(
    base=st.sampled_from(REQUESTS),
    damage=st.lists(st.tuples(st.integers(0, 20), JUNK, st.booleans()), min_size=1, max_size=3),
)
def test_damaged_requests_get_a_clear_answer(base, damage):
    request = json.loads(json.dumps(base))
    for index, junk, remove in damage:
        keys = list(request)
        if not keys:
            break
        key = keys[index % len(keys)]
        if remove:
            del request[key]
        else:
            request[key] = junk
    reply = answer(json.dumps(request))
    assert isinstance(reply, dict)
    if "error" in reply:
        assert isinstance(reply["error"], str) and reply["error"]
        assert not reply["error"].startswith("the request could not be processed"), reply


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=40))
def test_any_text_line_gets_an_answer(line):
    assert isinstance(answer(line), dict)
