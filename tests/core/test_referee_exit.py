"""The referee's exit paths (issue 24): when its answers cannot be written it stops quietly
(the reader went away) or says one line on standard error, never a traceback, and exits with
the documented status."""

import io
import os
from pathlib import Path
import subprocess
import sys

import pytest

from game.referee import EXIT_CANNOT_WRITE, EXIT_OK, EXIT_READER_GONE, main

REQUEST = b'{"op":"trick","ruleset":"hebi-2010","level":"2","trump":"S","plays":[["7H"],["8H"],["9H"],["3H"]]}\n'
ROOT = Path(__file__).resolve().parents[2]
posix_only = pytest.mark.skipif(os.name != "posix", reason="a POSIX shell and /dev/full")


def requests(tmp_path: Path, count: int = 20000) -> Path:
    path = tmp_path / "requests.jsonl"
    path.write_bytes(REQUEST * count)
    return path


def test_a_reader_that_goes_away_ends_it_quietly(tmp_path):
    with open(requests(tmp_path), "rb") as stdin:
        proc = subprocess.Popen(
            [sys.executable, "-m", "game.referee"],
            stdin=stdin,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=ROOT,
        )
        assert proc.stdout is not None and proc.stderr is not None
        assert proc.stdout.readline().startswith(b'{"winner"')
        proc.stdout.close()  # as `| head -1` does
        err = proc.stderr.read()
        assert proc.wait(timeout=30) == EXIT_READER_GONE
    assert err == b""


@posix_only
@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full")
def test_a_full_disk_is_one_line_on_standard_error(tmp_path):
    with open(requests(tmp_path), "rb") as stdin, open("/dev/full", "wb") as full:
        done = subprocess.run(
            [sys.executable, "-m", "game.referee"],
            stdin=stdin,
            stdout=full,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            timeout=30,
        )
    assert done.returncode == EXIT_CANNOT_WRITE
    assert done.stderr.decode() == "referee: cannot write the answers: No space left on device\n"


@posix_only
def test_a_closed_standard_output_is_one_line_on_standard_error(tmp_path):
    with open(requests(tmp_path, 3), "rb") as stdin:
        done = subprocess.run(
            ["sh", "-c", 'exec "$0" -m game.referee >&-', sys.executable],
            stdin=stdin,
            stderr=subprocess.PIPE,
            cwd=ROOT,
            timeout=30,
        )
    assert done.returncode == EXIT_CANNOT_WRITE
    assert done.stderr.decode() == "referee: cannot write the answers: standard output is closed\n"


@posix_only
def test_a_closed_standard_input_is_no_requests():
    done = subprocess.run(
        ["sh", "-c", 'exec "$0" -m game.referee <&-', sys.executable], capture_output=True, cwd=ROOT, timeout=30
    )
    assert (done.returncode, done.stdout, done.stderr) == (EXIT_OK, b"", b"")


class Failing(io.RawIOBase):
    def __init__(self, error: OSError) -> None:
        self.error = error

    def writable(self) -> bool:
        return True

    def write(self, data) -> int:
        raise self.error


def test_a_write_error_is_the_status_and_one_line(capsys):
    out = io.BufferedWriter(Failing(OSError(5, "Input/output error")))
    assert main(io.BytesIO(REQUEST * 3), out) == EXIT_CANNOT_WRITE
    assert capsys.readouterr().err == "referee: cannot write the answers: Input/output error\n"
    out = io.BufferedWriter(Failing(BrokenPipeError(32, "Broken pipe")))
    assert main(io.BytesIO(REQUEST * 3), out) == EXIT_READER_GONE
    assert capsys.readouterr().err == ""
