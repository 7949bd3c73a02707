"""Referee conformance files (shared/conformance/*.jsonl), run like check.py does.

The shared folder sits beside the clone (``../shared``); without it these tests skip.
"""
from collections import Counter
import json
import os
from pathlib import Path
import subprocess
import sys

import pytest

REPO = Path(__file__).resolve().parents[2]
_CANDIDATES = [Path(__file__).resolve().parents[3] / "shared",
               Path(__file__).resolve().parents[2].parent / "shared"]
if os.environ.get("SHENGJI_SHARED"):
    _CANDIDATES.insert(0, Path(os.environ["SHENGJI_SHARED"]))
SHARED = next((p for p in _CANDIDATES if (p / "conformance").is_dir()), None)
CONFORMANCE = SHARED / "conformance" if SHARED else None

pytestmark = pytest.mark.skipif(CONFORMANCE is None,
                                reason="no shared/conformance folder beside the clone")


def _cases():
    if CONFORMANCE is None:
        return []
    out = []
    for path in sorted(CONFORMANCE.glob("*.jsonl")):
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                if line.strip():
                    case = json.loads(line)
                    out.append(pytest.param(case, id=f"{path.stem}:{case.get('id', n)}"))
    return out


CASES = _cases()


def same(expected, got):
    """check.py's comparison: card lists and shapes as multisets, the rest exactly."""
    if isinstance(expected, list) and isinstance(got, list):
        if all(isinstance(x, str) for x in expected + got):
            return Counter(x.upper() for x in expected) == Counter(x.upper() for x in got)
        return len(expected) == len(got) and all(same(e, g) for e, g in zip(expected, got))
    return expected == got


def _referee_env():
    return dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))


@pytest.fixture(scope="module")
def answers():
    """Every case's request through one `python -m game.referee` process, in order."""
    lines = []
    for param in CASES:
        req = param.values[0]["request"]
        lines.append(req if isinstance(req, str) else json.dumps(req, ensure_ascii=False))
    proc = subprocess.run([sys.executable, "-m", "game.referee"], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, timeout=120, cwd=REPO,
                          env=_referee_env())
    assert proc.returncode == 0, proc.stderr[-500:]
    out = [l for l in proc.stdout.splitlines() if l.strip()]
    assert len(out) == len(lines), "the referee must answer every line"
    return {param.id: json.loads(a) for param, a in zip(CASES, out)}


@pytest.mark.parametrize("case", CASES)
def test_case(case, answers, request):
    got = answers[request.node.callspec.id]
    expected = case["expect"]
    assert isinstance(got, dict)
    if expected.get("error") is True:
        assert "error" in got, got
    else:
        assert "error" not in got, got
        diff = {k: (v, got.get(k)) for k, v in expected.items() if k not in got or not same(v, got[k])}
        assert not diff, f"expected vs got: {diff}"


def test_check_py_passes():
    check = CONFORMANCE / "check.py"
    if not check.exists():
        pytest.skip("no check.py")
    files = [str(p) for p in sorted(CONFORMANCE.glob("*.jsonl"))]
    proc = subprocess.run([sys.executable, str(check), *files, "--referee",
                           f"{sys.executable} -m game.referee"],
                          capture_output=True, text=True, timeout=120, cwd=REPO,
                          env=_referee_env())
    assert proc.returncode == 0, proc.stdout[-2000:]
    assert " 0 failed" in proc.stdout
