"""The person's side of the table: declare, pass, bury and play buttons, and the prompt.

Play is enabled only for a choice the rules core accepts; otherwise the prompt says why,
in the core's words. What a table screen offers beyond the plain table (the modes' lock,
buttons and refusals) it declares through ``TableHost``; nothing is discovered by name.
"""
from __future__ import annotations

from collections.abc import Hashable
from functools import partial
from typing import Any, Protocol

from game.core import BURY, BURYING, PLAY, PLAYING, Action
from game.i18n import tr
from game.table import Wait, WaitKind
from game.ui import theme
from game.ui.hand_groups import follow_group
from game.ui.hand_view import HandView
from game.ui.layout import TableLayout
from game.ui.names import cards_text, refusal_words, seat_name
from game.ui.widgets import Button, layout_row, play_sound


class TableHost(Protocol):
    """The table screen as its controls and its bar see it. ``TableScene`` gives the plain
    table's answers; ``ModeTableScene`` (hot-seat, practice, tournament) its own."""

    driver: Any  # the table's driver (``game.session.Driver``)
    app: Any  # the app (its settings: how a click plays, confirm before playing)
    viewer: int | None
    hand_view: HandView
    lay: TableLayout
    error: str
    changed: bool
    turn: int | None

    @property
    def busy(self) -> bool: ...

    locked: bool
    """Every hand face down between two people's turns: nobody may act."""

    why_not: bool
    """Refusals name the section of the rules they come from (practice)."""

    def controls_key(self) -> Hashable:
        """What else decides the person's buttons (they are rebuilt when it changes)."""

    def extra_controls(self, wait: Wait | None, controls: list[Button], dealing: bool) -> list[Button]:
        """The person's buttons with the screen's own added (the modes' Hint, Declare these)."""

    def bar_parts(self) -> list[str]:
        """More for the top bar (hand n of N, the match score)."""


class PersonControls:
    """Buttons and prompt for the person at the bottom seat of a table screen."""

    def __init__(self, scene: TableHost):
        self.scene = scene
        self.buttons: list[Button] = []
        self.key: Hashable = None  # what the buttons were built for
        self._check_cache: tuple | None = None
        self.confirming: tuple | None = None  # the raised cards awaiting "confirm before playing"

    @property
    def driver(self):
        """The table's driver."""
        return self.scene.driver

    @property
    def viewer(self) -> int | None:
        """The person's seat."""
        return self.scene.viewer

    @property
    def hand(self):
        """The person's fanned hand."""
        return self.scene.hand_view

    def update(self) -> None:
        """Rebuild the buttons when what the person may do changes."""
        wait: Wait | None = None if self.scene.busy else self.driver.waiting()
        # A hot-seat table hides the hand between turns: nobody may act on it then.
        locked = self.scene.locked
        mine = wait if wait is not None and self.viewer is not None and wait.seat == self.viewer and not locked \
            else None
        kind = mine.kind if mine is not None else None
        dealing = self.viewer is not None and self.driver.hand.phase.declaring and not locked
        options = self.driver.declaration_options(self.viewer) if dealing else []
        if self.confirming is not None and (kind != WaitKind.PLAY or self.confirming != tuple(self.hand.selected)):
            self.confirming = None  # the choice changed: ask again
        key = (kind, tuple(map(tuple, options)), self.scene.lay.width, self.scene.lay.height,
               self.scene.controls_key(), self.confirming is not None)
        self.hand.interactive = kind in (WaitKind.BURY, WaitKind.PLAY)
        playing = kind == WaitKind.PLAY
        self.hand.group_for = self._group if playing else None
        self.hand.on_play = self._play_request if playing else None
        self.hand.can_play = self._can_play
        self.hand.play_click = self.scene.app.settings.play_click
        if key == self.key:
            return
        self.key = key
        self.scene.changed = True
        controls: list[Button] = []
        for option in options:
            controls.append(Button(tr("declare.button", cards=cards_text(option)),
                                   partial(self._declare, option), primary=True))
        if kind == WaitKind.DECLARE:
            controls.append(Button(lambda: tr("button.pass"), self._pass))
        elif kind == WaitKind.BURY:
            controls.append(Button(lambda: tr("button.bury"), self._bury, self._can_bury, primary=True))
        elif kind == WaitKind.PLAY and self.confirming is not None:
            controls.append(Button(lambda: tr("polish.confirm_play"), self._play, self._can_play, primary=True))
            controls.append(Button(lambda: tr("polish.cancel_play"), self._cancel_confirm))
        elif kind == WaitKind.PLAY:
            controls.append(Button(lambda: tr("button.play"), self._play_request, self._can_play, primary=True))
        controls = self.scene.extra_controls(mine, controls, dealing)
        lay = self.scene.lay
        layout_row(controls, lay.width / 2, lay.buttons_y(), lay.button_h, lay.font, round(12 * lay.scale))
        self.buttons = controls

    def words(self, refusal) -> str:
        """A refusal in words; in practice mode with the section of the rules it comes from."""
        return refusal_words(refusal, self.scene.why_not)

    def _declare(self, cards) -> None:
        refusal = self.driver.declare(self.viewer, cards)
        if refusal is not None:
            self.scene.error = self.words(refusal)
        self.key = None

    def _pass(self) -> None:
        self.driver.pass_declaration(self.viewer)
        self.key = None

    def _can_bury(self) -> bool:
        return len(self.hand.selected) == self.driver.hand.ruleset.kitty

    def _bury(self) -> None:
        refusal = self.driver.submit(Action(BURY, self.viewer, tuple(self.hand.selected)))
        self.scene.error = self.words(refusal) if refusal else ""

    def play_check(self):
        """The core's verdict on the raised cards (cached per selection)."""
        selected = tuple(self.hand.selected)
        if self._check_cache is None or self._check_cache[0] != (selected, len(self.driver.hand.log)):
            refusal = self.driver.hand.check(Action(PLAY, self.viewer, selected))
            self._check_cache = ((selected, len(self.driver.hand.log)), refusal)
        return self._check_cache[1]

    def _can_play(self) -> bool:
        return bool(self.hand.selected) and self.play_check() is None

    def _group(self, i: int) -> list[int]:
        """Entries to raise with entry ``i``: its pair or tractor when the lead asks for one."""
        hand, entries = self.driver.hand, self.hand.entries
        trick = hand.current_trick
        if trick is None or hand.ctx is None or not trick.plays:
            return [i]
        raised = [e.card for e in entries if e.selected]
        cards = follow_group([e.card for e in entries], entries[i].card, trick.lead, hand.ctx, raised)
        out = [i]
        wanted = list(cards[1:])
        for j, e in enumerate(entries):
            if j != i and not e.selected and e.card in wanted:
                wanted.remove(e.card)
                out.append(j)
        return out

    def _play_request(self) -> None:
        """Play the raised cards, or first ask, when the player wants to confirm each play."""
        if not self._can_play():
            return
        if self.scene.app.settings.confirm_play and self.confirming is None:
            self.confirming = tuple(self.hand.selected)
            self.key = None
            return
        self._play()

    def _cancel_confirm(self) -> None:
        self.confirming = None
        self.key = None

    def _play(self) -> None:
        self.confirming = None
        refusal = self.driver.submit(Action(PLAY, self.viewer, tuple(self.hand.selected)))
        if refusal is not None:
            self.scene.error = self.words(refusal)
            play_sound("error")
        else:
            self.scene.error = ""

    def prompt(self) -> tuple[str, tuple]:
        """The line above the hand: whose turn, what to choose, or why not."""
        if self.scene.error:
            return self.scene.error, theme.RED
        wait = None if self.scene.busy else self.driver.waiting()
        if wait is not None and self.viewer is not None and wait.seat == self.viewer:
            if wait.kind == WaitKind.DECLARE:
                return tr("declare.prompt_end"), theme.INK
            if wait.kind == WaitKind.BURY:
                n = self.driver.hand.ruleset.kitty
                return tr("table.bury_progress", n=n, k=len(self.hand.selected)), theme.INK
            if wait.kind == WaitKind.PLAY and self.confirming is not None:
                return tr("polish.confirm_prompt", cards=cards_text(self.confirming)), theme.GOLD
            if wait.kind == WaitKind.PLAY:
                selected = self.hand.selected
                current = self.driver.hand.current_trick
                need = tr("table.select_one_card") if current is not None and len(current.lead) == 1 \
                    else tr("table.select_n_cards", n=len(current.lead)) if current is not None else ""
                if not selected:
                    if current is None:
                        return tr("table.your_turn_lead"), theme.GOLD
                    return need, theme.GOLD
                refusal = self.play_check()
                if refusal is None:
                    return tr("table.ready_to_play", cards=cards_text(selected)), theme.INK
                if refusal.code == "follow.count" and len(selected) < len(current.lead):
                    return need, theme.INK
                return self.words(refusal), theme.RED
        if (self.scene.turn is not None and self.driver.hand.phase in (BURYING, PLAYING)
                and self.scene.turn != self.viewer):
            key = "kitty.burying" if self.driver.hand.phase == BURYING else "table.waiting_for"
            return tr(key, player=seat_name(self.scene.turn, self.viewer)), theme.INK_DIM
        return "", theme.INK
