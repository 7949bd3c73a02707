"""A seat played by an outside program through the bot protocol (``docs/bot-protocol.md``).

``ExternalProgram`` runs one program as a subprocess: one JSON request per line on its
standard input, one JSON answer per line on its standard output, each answer awaited for at
most the time limit. ``ExternalBot`` is a ``Bot`` that asks the program and checks the answer
with the rules core; any answer it cannot play — not JSON, cards the seat does not hold, a
broken rule, too slow, or no program any more — is *refused*: the seat plays the ``easy``
bot's move instead, the refusal is logged and recorded in ``ExternalProgram.refusals``.

Failure policy: an answer past the time limit refuses that decision only (the late answer is
skipped when it comes); after three of them in a row the program counts as hung and is
stopped. A program that exited or was stopped is not restarted: the seat plays the ``easy``
moves for the rest of the run, each one counted as a refusal (logged once).

Bounds, whatever the program does: what it writes while no request waits for an answer is
read and thrown away (so flooding between turns costs neither memory nor time), at most
``MAX_QUEUED`` lines of ``MAX_LINE`` bytes are kept while one does, the time limit holds for
every request, and a program that exits is noticed within ``POLL_S`` even when a child of it
still holds its output open. Ending a program ends every process it started
(``bots.process_tree``).

Seats for the arena and the game:

* ``parse_seat_spec("2=external:python bot.py")`` → ``(2, "external:python bot.py")``;
* ``make_seat_bot(spec, seat, rng, ruleset, external_ms)`` → a bot for ``external:COMMAND``
  or for a level name; an ``ExternalBot`` made so owns its program (``close()`` it);
* ``seat_bot_factory(external_ms)`` → a ``make_bot``-compatible factory that also accepts
  ``external:COMMAND`` as a level (for ``game.table.make_controllers``);
* ``hand_over(bots, hand)`` after every hand (sends ``result``), ``close_all(bots)`` at the end;
* ``ArenaSeats``: the arena's ``--seat`` programs, bound to team positions in duplicate play,
  a fresh process of each for every hand (none remembers the first play of a deal in the
  second).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
import json
import logging
import os
import queue
import random
import shlex
import subprocess
import threading
import time
from typing import IO, Any
import weakref

from game.core import Card, Hand, Observation, Ruleset
from game.table.seats import EXTERNAL, MAX_COMMAND, is_seat_kind

from . import BOT_LEVELS, make_bot
from .base import Bot, Reason
from .easy import EasyBot
from .process_tree import ProcessTree, start
from .protocol import (
    BURY,
    DECLARE,
    PLAY,
    AnswerRefused,
    bury_request,
    declare_request,
    encode,
    hello_request,
    play_request,
    read_answer,
    result_request,
)

log = logging.getLogger("bots.external")

DEFAULT_EXTERNAL_MS = 5000
MAX_TIMEOUTS_IN_A_ROW = 3
MAX_LINE = 1 << 20  # an answer line longer than this is refused unread
MAX_QUEUED = 16  # lines kept while a request waits; more are dropped (a flood, not an answer)
POLL_S = 0.05  # how often a wait for an answer looks whether the program is still running
EXTERNAL_PREFIX = EXTERNAL
CLOSED = "closed"  # ExternalProgram.stopped of a program closed by the game, not one that failed
_TOO_LONG = object()


class ExternalProgramError(ValueError):
    """The program cannot be started (no such file, not executable, empty command)."""


@dataclass(frozen=True)
class ExternalRefusal:
    """One decision the program did not make: the ``easy`` bot's move was played instead."""

    seat: int
    decision: str  # declare, bury or play
    reason: str
    command: str
    hand_number: int

    def __str__(self) -> str:
        return f"seat {self.seat} {self.decision} (hand {self.hand_number}, {self.command!r}): {self.reason}"


def split_command(command: str) -> list[str] | str:
    """What ``Popen`` runs for a command line: its arguments split with POSIX shell quoting
    (no shell runs), or on Windows the string itself, which CreateProcess parses."""
    if os.name == "nt":  # pragma: no cover - Windows
        return command.strip()
    try:
        return shlex.split(command)
    except ValueError as e:  # an unclosed quote
        raise ExternalProgramError(f"cannot read the command {command!r}: {e}") from None


def _kill(tree: ProcessTree) -> None:
    """Stop a program and every process it started, and reap it: no zombie, no survivor.

    The pipes are left to the threads that read and write them, which close them when they
    see the end (closing a pipe another thread is blocked on could hang)."""
    tree.kill()


def _same_id(value: object, request_id: int) -> bool:
    """Is ``value`` the id of the request (as a number or as text)? Never converts a huge
    number to text (Python refuses past 4,300 digits)."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return value == request_id
    return isinstance(value, str) and value == str(request_id)


def _close(stream: IO[bytes]) -> None:
    try:
        stream.close()
    except (OSError, ValueError):  # a broken pipe
        pass


class ExternalProgram:
    """One outside program speaking the protocol on its standard input and output.

    Pipes are read and written by daemon threads (so a program that never reads its input or
    floods its error output cannot block the game); ``ask`` waits for an answer with a
    deadline. Standard error is drained: its last lines are kept for the refusal message when
    the program exits, and logged at DEBUG level.
    """

    def __init__(
        self,
        command: str | Sequence[str],
        time_ms: float = DEFAULT_EXTERNAL_MS,
        max_timeouts: int = MAX_TIMEOUTS_IN_A_ROW,
        cwd: str | None = None,
        env: Mapping[str, str] | None = None,
    ) -> None:
        argv: list[str] | str
        if isinstance(command, str):
            self.command = command
            argv = split_command(command)
        else:
            argv = list(command)
            self.command = " ".join(shlex.quote(a) for a in argv)
        if not argv or not argv[0]:
            raise ExternalProgramError("the external program's command is empty")
        self.time_ms = float(time_ms)
        self.max_timeouts = max_timeouts
        self.refusals: list[ExternalRefusal] = []
        self.hand_number = 1  # the hand the next requests belong to
        self.stopped: str | None = None  # why the program no longer answers
        self._dead_logged = False
        self._next_id = 0
        self._timeouts = 0
        self._lock = threading.RLock()
        self._answers: queue.Queue = queue.Queue(MAX_QUEUED)
        self._waiting = False  # a request waits for its answer: lines are kept, else dropped
        self.discarded = 0  # lines the program wrote that no request asked for
        self._outbox: queue.Queue = queue.Queue()
        self.stderr_tail: deque[str] = deque(maxlen=20)
        self.tap: Callable[[str, str], None] | None = None  # sees (">" or "<", line)
        try:
            self.proc, self.tree = start(argv, cwd=cwd, env=env)
        except OSError as e:
            raise ExternalProgramError(f"cannot start {self.command!r}: {e}") from None
        self._finalizer = weakref.finalize(self, _kill, self.tree)
        self._eof = threading.Event()  # the program's output ended
        self._threads = [
            threading.Thread(target=self._read_answers, name="external-out", daemon=True),
            threading.Thread(target=self._read_errors, name="external-err", daemon=True),
            threading.Thread(target=self._write_requests, name="external-in", daemon=True),
        ]
        for t in self._threads:
            t.start()

    # ------------------------------------------------------------------ pipe threads

    def _read_answers(self) -> None:
        out = self.proc.stdout
        assert out is not None  # started with pipes
        try:
            skipping = False
            while True:
                raw = out.readline(MAX_LINE)
                if not raw:
                    break
                complete = raw.endswith(b"\n")
                if skipping:  # the tail of an over-long line
                    skipping = not complete
                    continue
                if not complete and len(raw) >= MAX_LINE:
                    self._keep(_TOO_LONG)
                    skipping = True
                    continue
                self._keep(raw)
        except (OSError, ValueError):  # pragma: no cover - closed under us
            pass
        self._eof.set()
        _close(out)

    def _keep(self, item: object) -> None:
        """Queue a line for the request that waits; drop it when none waits or the queue is full."""
        if self._waiting:
            try:
                self._answers.put_nowait(item)
                return
            except queue.Full:
                pass
        self.discarded += 1

    def _read_errors(self) -> None:
        err = self.proc.stderr
        assert err is not None  # started with pipes
        try:
            for raw in iter(lambda: err.readline(MAX_LINE), b""):
                line = raw[:1000].decode("utf-8", errors="replace").rstrip("\n")
                self.stderr_tail.append(line)
                log.debug("%s stderr: %s", self.command, line)
        except (OSError, ValueError):  # pragma: no cover
            pass
        _close(err)

    def _write_requests(self) -> None:
        stdin = self.proc.stdin
        assert stdin is not None  # started with pipes
        while True:
            data = self._outbox.get()
            if data is None:
                break
            try:
                stdin.write(data)
                stdin.flush()
            except (OSError, ValueError):  # it exited: the answer reader sees the end
                break
        _close(stdin)

    # ------------------------------------------------------------------ requests

    @property
    def running(self) -> bool:
        return self.stopped is None

    def _send(self, request: dict) -> int:
        self._next_id += 1
        head = {"type": request.get("type"), "id": self._next_id}
        if request.get("type") != "hello":
            head["hand_number"] = self.hand_number
        line = encode({**head, **{k: v for k, v in request.items() if k not in head}})
        if self.tap is not None:
            self.tap(">", line)
        self._outbox.put((line + "\n").encode("utf-8"))
        return self._next_id

    def _exited(self) -> str:
        """Why the program no longer answers; it and every process it started are ended."""
        try:
            status: int | None = self.proc.wait(timeout=1)
        except subprocess.TimeoutExpired:  # closed its output but still runs
            status = None
        _kill(self.tree)  # a child that still holds its output open, too
        if status is None:
            why = "the program closed its standard output (it was stopped)"
        else:
            why = f"the program exited (exit status {status})"
        self._threads[1].join(timeout=0.5)  # its last error output
        tail = [line for line in self.stderr_tail if line.strip()]
        if tail:
            why += f"; its last error output: {tail[-1][:200]}"
        return why

    def _stop(self, why: str) -> None:
        self.stopped = why
        _kill(self.tree)
        self._outbox.put(None)

    def notify(self, request: dict) -> None:
        """Send a request that takes no answer (hello, result)."""
        with self._lock:
            if self.running:
                self._send(request)

    def ask(self, request: dict) -> tuple[object, str | None]:
        """Send ``request`` and wait for its answer: (decoded JSON, None), or (None, why not)."""
        with self._lock:
            if not self.running:
                return None, f"the program is not running ({self.stopped})"
            if self._eof.is_set() or self.proc.poll() is not None:  # it ended between requests
                self._stop(self._exited())
                return None, self.stopped
            # Lines that came after the last answer (late answers, chatter) are stale.
            while True:
                try:
                    self._answers.get_nowait()
                except queue.Empty:
                    break
            self._waiting = True  # before the request is sent: its answer can come at once
            try:
                return self._await(self._send(request))
            finally:
                self._waiting = False

    def _await(self, request_id: int) -> tuple[object, str | None]:
        deadline = time.monotonic() + self.time_ms / 1000
        dead_since: float | None = None
        while True:
            now = time.monotonic()
            remaining = deadline - now
            if remaining <= 0:
                self._timeouts += 1
                why = f"no answer within {self.time_ms:.0f} ms"
                if self._timeouts >= self.max_timeouts:
                    self._stop(f"stopped after {self._timeouts} answers in a row past the time limit")
                    why += f"; {self.stopped}"
                return None, why
            try:
                line = self._answers.get(timeout=min(remaining, POLL_S))
            except queue.Empty:
                # The end of its output, or its exit even while a child holds the output open
                # (after a moment for an answer written just before it exited).
                if self._eof.is_set():
                    self._stop(self._exited())
                    return None, self.stopped
                if self.proc.poll() is not None:
                    if dead_since is None:
                        dead_since = now
                    elif now - dead_since >= POLL_S:
                        self._stop(self._exited())
                        return None, self.stopped
                continue
            if line is _TOO_LONG:
                self._timeouts = 0
                return None, f"an answer line longer than {MAX_LINE} bytes"
            text = line.decode("utf-8", errors="replace")
            if self.tap is not None:
                self.tap("<", text.rstrip("\n"))
            if not text.strip():
                continue  # blank lines are ignored
            try:
                answer = json.loads(text)
            except (ValueError, RecursionError):
                self._timeouts = 0
                return None, f"not valid JSON: {text.strip()[:80]!r}"
            if isinstance(answer, dict) and "id" in answer and not _same_id(answer["id"], request_id):
                log.debug(
                    "%s: answer to request %r skipped (waiting for %d)",
                    self.command,
                    str(answer["id"])[:20],
                    request_id,
                )
                continue
            self._timeouts = 0
            return answer, None

    def refuse(self, seat: int, decision: str, reason: str) -> ExternalRefusal:
        refusal = ExternalRefusal(seat, decision, reason, self.command, self.hand_number)
        self.refusals.append(refusal)
        if not self.running and reason.startswith("the program is not running"):
            if not self._dead_logged:
                self._dead_logged = True
                log.warning("%s; the easy bot plays its moves from now on", refusal)
            return refusal
        if not self.running:
            self._dead_logged = True
        log.warning("refused: %s; the easy bot's move is played instead", refusal)
        return refusal

    def end_hand(self, request: dict) -> None:
        """Send the hand's result; the following requests belong to the next hand."""
        self.notify(request)
        self.hand_number += 1

    def close(self, grace: float = 0.5) -> None:
        """End the program: close its input (a polite program exits), then kill it."""
        with self._lock:
            if self.stopped is None:
                self.stopped = CLOSED
            self._outbox.put(None)
            try:
                self.proc.wait(timeout=grace)
            except subprocess.TimeoutExpired:
                pass
            _kill(self.tree)
            for t in self._threads:
                t.join(timeout=1)
            self._finalizer.detach()

    def __enter__(self) -> ExternalProgram:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"ExternalProgram({self.command!r}, pid={self.proc.pid})"


class ExternalBot(Bot):
    """A seat played by an ``ExternalProgram``, with the ``easy`` bot standing in for every
    answer it refuses. ``end_hand(hand)`` sends the result; call it when a hand is over."""

    level = "external"

    def __init__(
        self,
        seat: int,
        rng: random.Random,
        ruleset: Ruleset,
        program: ExternalProgram,
        fallback: Bot | None = None,
        owns_program: bool = False,
        seed: int | None = None,
    ) -> None:
        super().__init__(seat, rng, ruleset)
        self.program = program
        self.fallback = fallback if fallback is not None else EasyBot(seat, rng, ruleset)
        self.owns_program = owns_program
        self.seed = seed  # sent as ``seed`` in every request: the program may seed its choices

    def _ask(
        self, kind: str, request: dict[str, Any], obs: Observation, options: Sequence[Sequence[Card]] | None = None
    ) -> tuple[list[Card] | None, str | None]:
        """(the cards the program names, None) or (None, why it was refused)."""
        if self.seed is not None:
            request["seed"] = self.seed
        answer, why = self.program.ask(request)
        if why is None:
            try:
                return read_answer(kind, answer, obs, options), None
            except AnswerRefused as e:
                why = str(e)
        self.program.refuse(self.seat, kind, why)
        return None, why

    def decide_declare(self, obs: Observation, options: Sequence[Sequence[Card]]) -> tuple[list[Card] | None, Reason]:
        choice, why = self._ask(DECLARE, declare_request(obs, options), obs, options)
        if why is not None:
            return self.fallback.decide_declare(obs, options)
        return choice, Reason("external.answer")

    def decide_bury(self, obs: Observation) -> tuple[list[Card], Reason]:
        choice, why = self._ask(BURY, bury_request(obs), obs)
        if why is not None:
            return self.fallback.decide_bury(obs)
        assert choice is not None  # an accepted bury names its cards
        return choice, Reason("external.answer")

    def decide_play(self, obs: Observation) -> tuple[list[Card], Reason]:
        choice, why = self._ask(PLAY, play_request(obs), obs)
        if why is not None:
            return self.fallback.decide_play(obs)
        assert choice is not None  # an accepted play names its cards
        return choice, Reason("external.answer")

    @property
    def refusals(self) -> list[ExternalRefusal]:
        return self.program.refusals

    def end_hand(self, hand: Hand) -> None:
        """Tell the program how the hand ended (settled or dealt again)."""
        self.program.end_hand(result_request(hand, self.seat))

    def close(self) -> None:
        if self.owns_program:
            self.program.close()

    def __repr__(self) -> str:
        return f"ExternalBot(seat={self.seat}, {self.program.command!r})"


# ---------------------------------------------------------------------- seat specs


def parse_seat_spec(text: str) -> tuple[int, str]:
    """``"N=external:COMMAND"`` or ``"N=LEVEL"`` → (N, the part after ``=``).

    >>> parse_seat_spec('2=external:python3 "my bot.py" --fast')
    (2, 'external:python3 "my bot.py" --fast')
    >>> parse_seat_spec("1=hard")
    (1, 'hard')
    """
    seat_text, sep, what = text.partition("=")
    try:
        seat = int(seat_text.strip())
    except ValueError:
        seat = -1
    if not sep or not 0 <= seat <= 3:
        raise ValueError(f"a seat is given as N=external:COMMAND or N=LEVEL with N from 0 to 3, not {text!r}")
    what = what.strip()
    if what.startswith(EXTERNAL_PREFIX):
        if not what[len(EXTERNAL_PREFIX) :].strip():
            raise ValueError(f"no command after 'external:' in {text!r}")
        if not is_seat_kind(what):  # a save could not hold it
            raise ValueError(f"the command for seat {seat} is longer than {MAX_COMMAND} characters")
    elif what not in BOT_LEVELS:
        raise ValueError(f"unknown player {what!r} for seat {seat} (known: {', '.join(BOT_LEVELS)}, external:COMMAND)")
    return seat, what


def external_command(spec: str) -> str | None:
    """The command of an ``external:COMMAND`` spec, else None."""
    if spec.startswith(EXTERNAL_PREFIX):
        return spec[len(EXTERNAL_PREFIX) :].strip()
    return None


def start_program(
    command: str,
    seat: int,
    ruleset: Ruleset,
    external_ms: float = DEFAULT_EXTERNAL_MS,
    tap: Callable[[str, str], None] | None = None,
    **options: Any,
) -> ExternalProgram:
    """Start the program and send it ``hello``. ``tap(direction, line)`` sees every line."""
    program = ExternalProgram(command, external_ms, **options)
    program.tap = tap
    program.notify(hello_request(seat, ruleset, external_ms))
    return program


def make_seat_bot(
    spec: str, seat: int, rng: random.Random, ruleset: Ruleset, external_ms: float = DEFAULT_EXTERNAL_MS, **options: Any
) -> Bot:
    """A bot for a seat spec: ``external:COMMAND`` (an ``ExternalBot`` that owns its program:
    call ``close()`` when the match is over) or a level name (``make_bot``)."""
    command = external_command(spec)
    if command is None:
        return make_bot(spec, seat, rng, ruleset, **options)
    program = start_program(command, seat, ruleset, external_ms)
    return ExternalBot(seat, rng, ruleset, program, owns_program=True)


def seat_bot_factory(external_ms: float = DEFAULT_EXTERNAL_MS) -> Callable[..., Bot]:
    """A factory with ``make_bot``'s signature that also understands ``external:COMMAND``."""

    def make(level: str, seat: int, rng: random.Random, ruleset: Ruleset, **options: Any) -> Bot:
        return make_seat_bot(level, seat, rng, ruleset, external_ms, **options)

    return make


def hand_over(bots: Sequence[Bot], hand: Hand) -> None:
    """Send ``result`` to every external bot among ``bots`` (call it when a hand is over)."""
    for bot in bots:
        if isinstance(bot, ExternalBot):
            bot.end_hand(hand)


def close_all(bots: Sequence[Bot]) -> None:
    """End the programs the external bots among ``bots`` own (call it when the match ends)."""
    for bot in bots:
        if isinstance(bot, ExternalBot):
            bot.close()


class ArenaSeats:
    """The arena's ``--seat`` players, bound to team positions for duplicate play.

    ``--seat N=...`` names seat N in the first play of each deal. In the second play the
    teams swap seats (team A moves from seats 0/2 to 1/3), and the player moves with its
    team to seat (N+1) mod 4 — so an outside program always plays for the same team and the
    duplicate score compares the teams, not the cards.

    Every hand is played by a fresh process of each external spec, started with ``hello``
    (the seat it sits at in that hand) and closed after its ``result``. A program kept from
    the first play of a deal to the second would be dealt, in the second, exactly the cards
    it watched the next seat play in the first: both opponents' hands, before the first
    card. The first process of each spec is started here, so that a command that cannot
    start stops the run before its first deal. The refusals of a spec's processes are
    counted together (``programs[n].refusals`` is one list for the run), and a program that
    crashed, hung or could not be started again is not started again: the ``easy`` bot
    plays its seat for the rest of the run, as when one program played the whole run.
    """

    def __init__(self, specs: Mapping[int, str], ruleset: Ruleset, external_ms: float = DEFAULT_EXTERNAL_MS) -> None:
        self.specs = dict(specs)
        self.ruleset = ruleset
        self.external_ms = external_ms
        self.commands = {n: c for n, spec in self.specs.items() if (c := external_command(spec)) is not None}
        self.programs: dict[int, ExternalProgram] = {}  # each spec's process of this (or the last) hand
        try:
            for n, command in sorted(self.commands.items()):
                self.programs[n] = start_program(command, n, ruleset, external_ms)
        except Exception:
            self.close()
            raise

    def _program_for_hand(self, n: int, seat: int) -> ExternalProgram:
        """Spec ``n``'s process for the hand about to be played at ``seat``: a new one when
        the last hand's was closed after it."""
        last = self.programs[n]
        if last.stopped != CLOSED:
            return last  # not yet played with, or stopped for good
        try:
            fresh = start_program(self.commands[n], seat, self.ruleset, self.external_ms)
        except ExternalProgramError as e:
            last.stopped = f"the program could not be started again: {e}"
            return last
        fresh.refusals = last.refusals
        fresh.hand_number = last.hand_number
        self.programs[n] = fresh
        return fresh

    @staticmethod
    def first_play_seat(seat: int, play: int) -> int:
        """The ``--seat`` number of whoever sits at ``seat`` in play 0 or 1 of a deal."""
        return (seat - play) % 4

    def bot(
        self,
        seat: int,
        play: int,
        rng: random.Random,
        ruleset: Ruleset,
        think_ms: float | None = None,
        seed: int | None = None,
    ) -> Bot | None:
        """The bot for ``seat`` in this play, or None when the team's level plays it. ``seed``
        (the one ``rng`` was made from) is sent to a program, which may seed its choices."""
        n = self.first_play_seat(seat, play)
        spec = self.specs.get(n)
        if spec is None:
            return None
        if n in self.programs:
            return ExternalBot(seat, rng, ruleset, self._program_for_hand(n, seat), seed=seed)
        return make_bot(spec, seat, rng, ruleset, think_ms=think_ms)

    def end_hand(self, bots: Sequence[Bot], hand: Hand) -> None:
        """Send the hand's ``result`` and close the processes that played it."""
        hand_over(bots, hand)
        for program in self.programs.values():
            program.close()

    @property
    def refusals(self) -> list[ExternalRefusal]:
        return [r for n in sorted(self.programs) for r in self.programs[n].refusals]

    def summary(self) -> list[dict]:
        out = []
        for n, program in sorted(self.programs.items()):
            reasons: dict[str, int] = {}
            for r in program.refusals:
                reasons[r.decision] = reasons.get(r.decision, 0) + 1
            out.append(
                {
                    "seat": n,
                    "team": "A" if n % 2 == 0 else "B",
                    "command": program.command,
                    "refusals": len(program.refusals),
                    "by_decision": reasons,
                    "running": program.stopped in (None, CLOSED),
                    "stopped": None if program.stopped == CLOSED else program.stopped,
                    "first_refusals": [str(r) for r in program.refusals[:5]],
                }
            )
        return out

    def close(self) -> None:
        for program in self.programs.values():
            program.close()

    def __enter__(self) -> ArenaSeats:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


__all__ = [
    "DEFAULT_EXTERNAL_MS",
    "ArenaSeats",
    "ExternalBot",
    "ExternalProgram",
    "ExternalProgramError",
    "ExternalRefusal",
    "close_all",
    "external_command",
    "hand_over",
    "make_seat_bot",
    "parse_seat_spec",
    "seat_bot_factory",
    "start_program",
]
