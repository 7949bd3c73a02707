"""Referee conformance files, run like check.py does.

The public cases and ``check.py`` are copied into ``tests/core/data/conformance`` so every
run (the GitHub workflow too) checks them. When the shared folder sits beside the clone
(``../shared``, or ``SHENGJI_SHARED``), its files are run as well and the copy is checked
against it, so a case added there is never silently missed here.
"""

from collections import Counter
import json
import os
from pathlib import Path
import subprocess
import sys

import pytest

REPO = Path(__file__).resolve().parents[2]
_CANDIDATES = [Path(__file__).resolve().parents[3] / "shared", Path(__file__).resolve().parents[2].parent / "shared"]
if os.environ.get("SHENGJI_SHARED"):
    _CANDIDATES.insert(0, Path(os.environ["SHENGJI_SHARED"]))
SHARED = next((p for p in _CANDIDATES if (p / "conformance").is_dir()), None)
SHARED_CONFORMANCE = SHARED / "conformance" if SHARED else None
COPY = Path(__file__).resolve().parent / "data" / "conformance"


def _case_files() -> list[Path]:
    """The copied files, then any file of the shared folder that the copy does not hold."""
    files = sorted(COPY.glob("*.jsonl"))
    if SHARED_CONFORMANCE is not None:
        copied = {p.name for p in files}
        files += [p for p in sorted(SHARED_CONFORMANCE.glob("*.jsonl")) if p.name not in copied]
    return files


def _cases():
    out = []
    for path in _case_files():
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
    proc = subprocess.run(
        [sys.executable, "-m", "game.referee"],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        timeout=120,
        cwd=REPO,
        env=_referee_env(),
    )
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


def test_the_copied_cases_are_the_shared_ones():
    if SHARED_CONFORMANCE is None:
        pytest.skip("no shared/conformance folder beside the clone to compare the copy with")
    for name in ("public.jsonl", "check.py"):
        shared = SHARED_CONFORMANCE / name
        if shared.exists():
            assert (COPY / name).read_bytes() == shared.read_bytes(), f"copy {name} again from {shared}"


def test_check_py_passes():
    check = (SHARED_CONFORMANCE / "check.py") if SHARED_CONFORMANCE else COPY / "check.py"
    if not check.exists():
        check = COPY / "check.py"
    files = [str(p) for p in _case_files()]
    proc = subprocess.run(
        [sys.executable, str(check), *files, "--referee", f"{sys.executable} -m game.referee"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=REPO,
        env=_referee_env(),
    )
    assert proc.returncode == 0, proc.stdout[-2000:]
    assert " 0 failed" in proc.stdout
