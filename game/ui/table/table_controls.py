"""The person's side of the table: declare, pass, bury and play buttons, and the prompt.

Play is enabled only for a choice the rules accept; otherwise the prompt says why, in the
core's words. The controls read the person's observation and ask the driver (``check``,
``follow_group``); the verdict on the raised cards is asked once per selection, in
``update``, and the prompt only reads it. What the modes add (the lock, Hint, Declare
these) the scene's parts answer (``TableMode``).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from functools import partial
from typing import TYPE_CHECKING

from game.core import BURY, BURYING, PLAY, PLAYING, Action, Card, Refusal
from game.i18n import tr
from game.table import Wait, WaitKind
from game.ui.kit import theme
from game.ui.kit.names import cards_text, declare_words, refusal_words, seat_name
from game.ui.kit.widgets import Button, layout_row, play_sound

if TYPE_CHECKING:
    from game.ui.table.host import TableHost

Prompt = tuple[str, tuple[int, ...]]


class PersonControls:
    """Buttons and prompt for the person at the bottom seat of a table screen."""

    def __init__(self, scene: TableHost):
        self.scene = scene
        self.buttons: list[Button] = []
        self.key: Hashable = None  # what the buttons were built for
        self.wait: Wait | None = None  # the person's own decision now (None: not his turn)
        # The driver's verdict on the raised cards: (its position, the cards, the refusal or None).
        self.verdict: tuple[tuple[int, int], tuple[Card, ...], Refusal | None] | None = None
        self.confirming: tuple[Card, ...] | None = None  # the raised cards awaiting "confirm before playing"

    @property
    def viewer(self) -> int | None:
        """The person's seat."""
        return self.scene.viewer

    def update(self) -> None:
        """Rebuild the buttons when what the person may do changes; ask the driver's
        verdict on the raised cards when they change."""
        scene = self.scene
        driver, hand = scene.driver, scene.hand_view
        wait: Wait | None = None if scene.busy else driver.waiting()
        # A hot-seat table hides the hand between turns: nobody may act on it then.
        # A seat handed over (托管) decides nothing itself: the computer does.
        locked = scene.locked or scene.auto.on(self.viewer)
        viewer = self.viewer
        mine = wait if wait is not None and viewer is not None and wait.seat == viewer and not locked else None
        self.wait = mine
        kind = mine.kind if mine is not None else None
        dealing = viewer is not None and scene.driver.phase.declaring and not locked
        options = driver.declaration_options(viewer) if dealing and viewer is not None else []
        selected = tuple(hand.selected)
        if kind == WaitKind.PLAY and viewer is not None and selected:
            if self.verdict is None or self.verdict[:2] != (driver.position, selected):
                self.verdict = (driver.position, selected, driver.check(viewer, selected))
        else:
            self.verdict = None
        if self.confirming is not None and (kind != WaitKind.PLAY or self.confirming != selected):
            self.confirming = None  # the choice changed: ask again
        key = (
            kind,
            tuple(map(tuple, options)),
            scene.lay.width,
            scene.lay.height,
            tuple(mode.controls_key() for mode in scene.modes),
            self.confirming is not None,
        )
        hand.interactive = kind in (WaitKind.BURY, WaitKind.PLAY)
        playing = kind == WaitKind.PLAY
        hand.group_for = self._group if playing else None
        hand.on_play = self._play_request if playing else None
        hand.can_play = self._can_play
        hand.play_click = scene.app.settings.play_click
        if key == self.key:
            return
        self.key = key
        scene.changed = True
        self.buttons = self._build(kind, options, mine, dealing)

    def _build(
        self, kind: WaitKind | None, options: Sequence[Sequence[Card]], mine: Wait | None, dealing: bool
    ) -> list[Button]:
        controls: list[Button] = []
        for option in options:
            controls.append(Button(declare_words(option), partial(self._declare, tuple(option)), primary=True))
        if kind == WaitKind.DECLARE:
            controls.append(Button(lambda: tr("button.pass"), self._pass))
        elif kind == WaitKind.BURY:
            controls.append(Button(lambda: tr("button.bury"), self._bury, self._can_bury, primary=True))
        elif kind == WaitKind.PLAY and self.confirming is not None:
            controls.append(Button(lambda: tr("table.confirm_play"), self._play, self._can_play, primary=True))
            controls.append(Button(lambda: tr("table.cancel_play"), self._cancel_confirm))
        elif kind == WaitKind.PLAY:
            controls.append(Button(lambda: tr("button.play"), self._play_request, self._can_play, primary=True))
        for mode in self.scene.modes:
            controls = mode.extra_controls(mine, controls, dealing)
        lay = self.scene.lay
        layout_row(controls, lay.width / 2, lay.buttons_y(), lay.button_h, lay.font, round(12 * lay.scale))
        return controls

    def words(self, refusal: Refusal) -> str:
        """A refusal in words; in practice mode with the section of the rules it comes from."""
        return refusal_words(refusal, self.scene.driver.aids.why_not)

    def _declare(self, cards: Sequence[Card]) -> None:
        if self.viewer is None:
            return
        refusal = self.scene.driver.declare(self.viewer, cards)
        if refusal is not None:
            self.scene.error = self.words(refusal)
        self.key = None

    def declare_selected(self) -> None:
        """Practice: try the raised cards as a declaration (a refusal says why)."""
        scene = self.scene
        if self.viewer is None:
            return
        refusal = scene.driver.declare(self.viewer, tuple(scene.hand_view.selected))
        if refusal is not None:
            scene.error = self.words(refusal)
            play_sound("error")
        else:
            scene.error = ""
            scene.hand_view.clear_selection()
        self.key = None

    def _pass(self) -> None:
        if self.viewer is not None:
            self.scene.driver.pass_declaration(self.viewer)
        self.key = None

    def _kitty(self) -> int:
        return int(self.scene.anim.obs.ruleset.kitty)

    def _can_bury(self) -> bool:
        return len(self.scene.hand_view.selected) == self._kitty()

    def _bury(self) -> None:
        self._submit()

    def _verdict(self) -> tuple[bool, Refusal | None]:
        """(asked, the refusal or None) for the cards raised now, as ``update`` last asked."""
        scene = self.scene
        selected = tuple(scene.hand_view.selected)
        if not selected or self.verdict is None or self.verdict[:2] != (scene.driver.position, selected):
            return False, None
        return True, self.verdict[2]

    def _can_play(self) -> bool:
        """May the raised cards be played? Asked of the driver when the selection changed
        since ``update`` (a click that raises and plays at once); the driver keeps its verdict."""
        selected = tuple(self.scene.hand_view.selected)
        if not selected or self.viewer is None or self.wait is None or self.wait.kind != WaitKind.PLAY:
            return False
        asked, refusal = self._verdict()
        if not asked:
            refusal = self.scene.driver.check(self.viewer, selected)
        return refusal is None

    def _group(self, i: int) -> list[int]:
        """Entries to raise with entry ``i``: its pair or tractor when the lead asks for one."""
        entries = self.scene.hand_view.entries
        if self.viewer is None:
            return [i]
        raised = [e.card for e in entries if e.selected]
        cards = self.scene.driver.follow_group(self.viewer, entries[i].card, raised)
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
            self.confirming = tuple(self.scene.hand_view.selected)
            self.key = None
            return
        self._play()

    def _cancel_confirm(self) -> None:
        self.confirming = None
        self.key = None

    def _play(self) -> None:
        self.confirming = None
        self._submit()

    def _submit(self) -> None:
        """Bury or play the raised cards: the driver checks them (once: it keeps its verdict)."""
        scene = self.scene
        if self.viewer is None:
            return
        kind = BURY if scene.driver.phase == BURYING else PLAY
        refusal = scene.driver.submit(Action(kind, self.viewer, tuple(scene.hand_view.selected)))
        if refusal is not None:
            scene.error = self.words(refusal)
            if kind == PLAY:
                play_sound("error")
        else:
            scene.error = ""

    def prompt(self) -> Prompt:
        """The line above the hand: whose turn, what to choose, or why not (reads only)."""
        scene = self.scene
        if scene.privacy is not None and scene.privacy.locked:
            return self._locked_prompt()
        handed_over = scene.auto.prompt()
        if handed_over is not None:
            return handed_over
        if scene.error:
            return scene.error, theme.RED
        wait = self.wait
        if wait is not None and wait.kind == WaitKind.DECLARE and not scene.driver.final_round:
            return tr("hotseat.declare_now"), theme.GOLD
        if wait is not None:
            if wait.kind == WaitKind.DECLARE:
                return tr("declare.prompt_end"), theme.INK
            if wait.kind == WaitKind.BURY:
                return tr("table.bury_progress", n=self._kitty(), k=len(scene.hand_view.selected)), theme.INK
            if wait.kind == WaitKind.PLAY and self.confirming is not None:
                return tr("table.confirm_prompt", cards=cards_text(self.confirming)), theme.GOLD
            if wait.kind == WaitKind.PLAY:
                return self._play_prompt()
        phase = scene.anim.obs.phase
        if scene.turn is not None and phase in (BURYING, PLAYING) and scene.turn != self.viewer:
            key = "kitty.burying" if phase == BURYING else "table.waiting_for"
            return tr(key, player=seat_name(scene.turn, self.viewer, scene.names)), theme.INK_DIM
        return "", theme.INK

    def _play_prompt(self) -> Prompt:
        selected = self.scene.hand_view.selected
        current = self.scene.anim.obs.current
        lead = current.lead if current is not None else ()
        need = (
            tr("table.select_one_card")
            if len(lead) == 1
            else tr("table.select_n_cards", n=len(lead))
            if current is not None
            else ""
        )
        if not selected:
            if current is None:
                return tr("table.your_turn_lead"), theme.GOLD
            return need, theme.GOLD
        asked, refusal = self._verdict()
        if not asked:
            return "", theme.INK  # asked on the next update
        if refusal is None:
            return tr("table.ready_to_play", cards=cards_text(selected)), theme.INK
        if refusal.code == "follow.count" and len(selected) < len(lead):
            return need, theme.INK
        return self.words(refusal), theme.RED

    def _locked_prompt(self) -> Prompt:
        """A hot-seat table between two people's turns: whom it waits for."""
        scene = self.scene
        wait = None if scene.busy else scene.driver.waiting()
        obs = scene.anim.obs
        seat = wait.seat if wait is not None else obs.to_act
        if seat is not None and not obs.phase.finished:
            return tr("table.waiting_for", player=seat_name(seat, None, scene.names)), theme.INK_DIM
        return "", theme.INK
