"""Hostile input for the referee (issue 14): one answer line per input line, never an exit."""

import io
import json
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from game import referee
from game.referee import answer, main

UNITS = '{"op":"units","ruleset":"hebi-2010","level":"2","trump":"S","cards":[%s]}'
SETTLE = (
    '{"op":"settle","ruleset":"hebi-2010","level":"2","trump":"S","points":%s,'
    '"kitty":["5H","10C","KD","2S","3S","4S","6S","7S"],"last":{"side":"defenders","lead":["9H"]}}'
)


def run(lines: list[bytes]) -> list[dict]:
    out = io.BytesIO()
    assert main(io.BytesIO(b"".join(lines)), out) == 0
    answers = out.getvalue().split(b"\n")
    assert answers[-1] == b""
    return [json.loads(a) for a in answers[:-1]]


def test_lone_surrogate_escape_is_an_error_not_a_crash():
    lines = [
        (UNITS % '"\\ud800"').encode() + b"\n",
        b'{"op":"units","ruleset":"\\udfff","level":"2","trump":"S","cards":["2S"]}\n',
        b'{"op":"units","ruleset":"hebi-2010","level":"\\ud800","trump":"S","cards":["2S"]}\n',
        b'{"op":"units","ruleset":"hebi-2010","level":"2","trump":"\\ud800","cards":["2S"]}\n',
        (UNITS % '"2S"').encode() + b"\n",
    ]
    answers = run(lines)
    assert len(answers) == 5
    assert all("error" in a for a in answers[:4])
    assert answers[4] == {"suit": "trump", "shape": ["S"]}


def test_lone_surrogate_through_the_real_process():
    proc = subprocess.run(
        [sys.executable, "-m", "game.referee"],
        capture_output=True,
        timeout=60,
        input=(UNITS % '"\\ud800"').encode() + b"\n" + (UNITS % '"2S"').encode() + b"\n",
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.decode("utf-8").splitlines()
    assert len(lines) == 2 and "error" in json.loads(lines[0]) and "suit" in json.loads(lines[1])


def test_huge_numbers_are_an_input_error():
    answers = run(
        [
            (SETTLE % ("5" + "0" * 4400)).encode() + b"\n",
            (SETTLE % ("5" * 4000 + "0")).encode() + b"\n",
            (SETTLE % "60").encode() + b"\n",
        ]
    )
    assert len(answers) == 3
    assert "too large" in answers[0]["error"]
    assert "out of range" in answers[1]["error"]
    assert "error" not in answers[2]


def test_any_exception_while_answering_becomes_that_lines_error(monkeypatch):
    def boom(req):
        return {"value": 10**5000}  # cannot be written: int-to-str limit

    monkeypatch.setitem(referee.OPS, "settle", boom)
    answers = run([(SETTLE % "60").encode() + b"\n", b"{}\n"])
    assert len(answers) == 2 and "error" in answers[0] and "error" in answers[1]


def test_an_overlong_line_gets_an_error_and_reading_goes_on(monkeypatch):
    monkeypatch.setattr(referee, "MAX_LINE", 1000)
    answers = run([b"[" * 5000 + b"\n", b"x" * 2500 + b"\n", b"y" * 3000, b"\n", (UNITS % '"2S"').encode() + b"\n"])
    assert len(answers) == 4
    assert "longer" in answers[0]["error"] and "longer" in answers[1]["error"]
    assert "longer" in answers[2]["error"]
    assert answers[3] == {"suit": "trump", "shape": ["S"]}


def test_a_100_mb_line_is_not_read_into_memory():
    import tracemalloc

    class Stream(io.RawIOBase):
        """100 MB of one line, produced as it is read."""

        def __init__(self):
            self.left = 100 << 20
            self.tail = [b"\n", (UNITS % '"2S"').encode() + b"\n"]

        def readable(self):
            return True

        def readinto(self, buf):
            if self.left > 0:
                n = min(len(buf), self.left)
                buf[:n] = b"x" * n
                self.left -= n
                return n
            if self.tail:
                data = self.tail.pop(0)
                buf[: len(data)] = data
                return len(data)
            return 0

    out = io.BytesIO()
    tracemalloc.start()
    try:
        main(io.BufferedReader(Stream(), 1 << 16), out)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 16 << 20, peak
    answers = [json.loads(x) for x in out.getvalue().splitlines()]
    assert len(answers) == 2 and "error" in answers[0] and "suit" in answers[1]


def test_the_notation_is_strict():
    assert "error" in answer(UNITS % '"10\\u017f"')  # ſ upper-cases to S
    assert "error" in answer(UNITS % '"K\\u017f"')
    assert "error" in answer(
        '{"op":"units","ruleset":"hebi-2010","level":"\\u30002\\u3000","trump":"S","cards":["2S"]}'
    )
    assert "error" in answer('{"op":"units","ruleset":"hebi-2010","level":"2","trump":"\\u017f","cards":["2S"]}')
    assert "error" not in answer(UNITS % '"10s"')
    assert "error" not in answer('{"op":"units","ruleset":"hebi-2010","level":"t","trump":"nt","cards":["2S"]}')


LINES = st.one_of(
    st.text(max_size=30).map(
        lambda t: json.dumps({"op": "units", "ruleset": "hebi-2010", "level": "2", "trump": "S", "cards": [t]})
    ),
    st.integers(min_value=0, max_value=5000).map(lambda n: SETTLE % ("5" * n + "0")),
    st.integers(min_value=1, max_value=3000).map(lambda n: "[" * n + "]" * n),
    st.integers(min_value=1, max_value=3000).map(lambda n: '{"op":"bid","events":' + "[" * n),
    st.sampled_from(["\\ud800", "\\udc00", "\\ud83d"]).map(
        lambda s: '{"op":"' + s + '","ruleset":"' + s + '","level":"2","trump":"S","cards":["2S"]}'
    ),
    st.binary(max_size=40).map(lambda b: b.decode("latin-1")),
    st.integers(min_value=1, max_value=3).map(lambda n: "z" * (n * 700)),
)


@settings(max_examples=150, deadline=None)
@given(st.lists(LINES, min_size=1, max_size=6))
def test_fuzz_every_line_gets_exactly_one_answer(lines):
    old = referee.MAX_LINE
    referee.MAX_LINE = 1500
    try:
        raw = [line.encode("utf-8", "surrogatepass").replace(b"\n", b" ") + b"\n" for line in lines]
        answers = run(raw)
    finally:
        referee.MAX_LINE = old
    assert len(answers) == len(raw)
    assert all(isinstance(a, dict) for a in answers)


LINE_BREAKS_JSON_WRITES_RAW = ["\u2028", "\u2029", "\u0085"]


def test_an_answer_quoting_a_line_separator_is_one_line_for_every_reader():
    # Issue 40, item 9: a quoted U+2028/U+2029/U+0085 came back raw, and str.splitlines()
    # read the one answer as two.
    requests = []
    for brk in LINE_BREAKS_JSON_WRITES_RAW:
        requests += [
            {"op": "units", "ruleset": "hebi-2010", "level": "2", "trump": "S", "cards": ["2S" + brk]},
            {"op": "units", "ruleset": "hebi-2010", "level": "2" + brk, "trump": "S", "cards": ["2S"]},
            {"op": "units", "ruleset": "hebi-2010", "level": "2", "trump": "S" + brk, "cards": ["2S"]},
        ]
    raw = b"".join(json.dumps(r, ensure_ascii=False).encode("utf-8") + b"\n" for r in requests)
    proc = subprocess.run([sys.executable, "-m", "game.referee"], capture_output=True, timeout=60, input=raw)
    assert proc.returncode == 0, proc.stderr
    text = proc.stdout.decode("utf-8")
    assert not any(brk in text for brk in LINE_BREAKS_JSON_WRITES_RAW)
    lines = text.splitlines()
    assert len(lines) == len(requests)
    for line, brk in zip(lines, [b for b in LINE_BREAKS_JSON_WRITES_RAW for _ in range(3)]):
        message = json.loads(line)["error"]
        assert brk in message  # the quote is kept, escaped only on the wire


@given(st.text(max_size=30))
def test_json_line_is_one_line_and_reads_back(text):
    from game.core import json_line

    line = json_line({"error": text, "cards": [text]})
    assert len(line.splitlines()) == 1 and "\n" not in line
    assert json.loads(line) == {"error": text, "cards": [text]}
