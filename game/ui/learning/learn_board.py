"""One learning position on the table: the cards, the question and the learner's move.

Shared by the lessons and the trainer. The table takes the left of the window (the
existing ``TableLayout``, ``HandView`` and card pictures), a column on the right holds the
question, the answer buttons and the verdict. Every verdict comes from ``game.learn.judge``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import pygame

from game.core import Card, TrumpContext, pretty_cards
from game.i18n import tr
from game.learn import BURY, CHOICE, DECLARE, Position, Verdict, judge, label, prompt, seat_name, suit_name
from game.learn.judge import band_rows
from game.ui.kit import theme
from game.ui.kit.cardview import card_image, shadow
from game.ui.kit.hand_view import HandView
from game.ui.kit.layout import TableLayout
from game.ui.kit.ruleset_text import name as ruleset_name
from game.ui.kit.ruleset_text import section_title
from game.ui.kit.theme import blit_text, scale_for
from game.ui.kit.widgets import Button

TABLE_SHARE = 0.68  # of the window's width; the text column takes the rest
NO_TABLE = ("settle", "kitty", "next_dealer", "nobody")  # questions about a ruleset, not a trick


class Board:
    """The position ``p``; ``on_verdict(verdict)`` hears every judged move."""

    def __init__(self, p: Position, on_verdict: Callable[[Verdict], None]):
        self.p = p
        self.on_verdict = on_verdict
        self.verdict: Verdict | None = None
        self.solved = False
        self.played: tuple[Card, ...] = ()  # the right move, laid on the table
        self.hand = HandView()
        self.hand.interactive = p.kind != CHOICE
        self.lay: TableLayout | None = None
        self.column = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.options = [self._option_button(o) for o in p.options]
        action = {DECLARE: "learn.declare_button", BURY: "learn.bury_button"}.get(p.kind, "learn.play_button")
        self.act = Button(
            lambda: tr(action),
            self._submit,
            enabled=lambda: bool(self.hand.selected) and not self.solved,
            primary=True,
            key=pygame.K_RETURN,
        )
        self.show = Button(lambda: tr("learn.show_me"), self._show, enabled=lambda: not self.solved)
        self.actions = [] if p.kind == CHOICE else [self.act, self.show]

    def _option_button(self, option: Any) -> Button:
        def text() -> str:
            return label(self.p, option)

        def choose() -> None:
            self.answer(option)

        return Button(text, choose)

    # ------------------------------------------------------------------ moves

    def answer(self, move: Any) -> None:
        """Judge ``move`` (an option, or cards) and tell the scene."""
        if self.solved:
            return
        verdict = judge(self.p, move)
        self.verdict = verdict
        if verdict.ok:
            self.solved = True
            self.hand.interactive = False
            if self.p.kind != CHOICE:
                self.played = tuple(move)
                self.hand.sync([c for c in self._remaining(move)], self.hand_origin())
        self.on_verdict(verdict)

    def _remaining(self, move: Sequence[Card]) -> list[Card]:
        rest = list(self.hand.cards)
        for card in move:
            rest.remove(card)
        return rest

    def _submit(self) -> None:
        self.answer(tuple(self.hand.selected))

    def _show(self) -> None:
        self.hand.select_cards(self.p.right)
        if self.verdict is not None and not self.verdict.ok:
            self.verdict = None  # the earlier "Not quite." is about cards no longer raised

    def hand_origin(self) -> tuple[float, float]:
        return self.lay.center if self.lay else (0, 0)

    # ------------------------------------------------------------------ layout

    def layout(self, size: tuple[int, int], top: int, bottom: int) -> None:
        """The table on the left; the column between ``top`` and ``bottom`` on the right."""
        w, h = size
        self.scale = s = scale_for(size)
        table_w = round(w * TABLE_SHARE)
        self.lay = TableLayout(table_w, h)
        self.hand.layout = self.lay
        if not self.hand.entries and not self.played:  # the first layout deals the hand
            self.hand.sync(list(self.p.hand), self.lay.center)
            self.hand.set_sort(self._sort())
            if self.p.ask == "legal_follow":
                self.hand.select_cards(self.p.args["play"])
        self.hand.settle()
        margin = round(16 * s)
        self.column = pygame.Rect(table_w + margin // 2, top, w - table_w - margin * 3 // 2, bottom - top)
        bh, gap, fs = round(42 * s), round(9 * s), round(17 * s)
        buttons = self.options or self.actions
        for i, b in enumerate(buttons):
            b.rect = pygame.Rect(
                self.column.x + round(12 * s),
                self.column.bottom - round(12 * s) - (len(buttons) - i) * (bh + gap) + gap,
                self.column.w - round(24 * s),
                bh,
            )
            b.font_size = fs

    def _sort(self) -> Callable[[Iterable[Card]], list[Card]]:
        """The hand's order as the table has it: while declaring, by the level and the trump
        declared so far (jokers first, as at the table); else by the position's trump."""
        p = self.p
        if p.kind != DECLARE:
            return p.ctx.sort_hand
        shown = [c for _, cards in (p.bids.shown if p.bids is not None else ()) for c in cards if not c.is_joker]
        trump = shown[-1].suit.value if shown and shown[-1].suit is not None else "NT"
        return TrumpContext.parse(p.level, trump).sort_hand

    def buttons_top(self) -> int:
        shown = self.options or self.actions
        return min(b.rect.top for b in shown) if shown else self.column.bottom

    # ------------------------------------------------------------------ frames

    def handle_event(self, e: pygame.event.Event) -> bool:
        for b in self.options + self.actions:
            if b.handle_event(e):
                return True
        if not self.solved and self.hand.handle_event(e):
            self.verdict = None if self.verdict is not None and not self.verdict.ok else self.verdict
            return True
        return False

    def update(self, dt: float) -> None:
        self.hand.update(dt)

    def animating(self) -> bool:
        return self.hand.moving

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.lay
        if lay is None:
            return
        self._draw_table(surface)
        self.hand.draw(surface)
        self._draw_column(surface)

    def _cards(
        self, surface: pygame.Surface, cards: Sequence[Card], center, height: int, max_width: float | None = None
    ) -> pygame.Rect:
        lay = self.lay
        assert lay is not None
        spots = lay.row_positions(len(cards), center, height, max_width)
        area = pygame.Rect(0, 0, 0, 0)
        for card, (x, y) in zip(cards, spots):
            shade, margin = shadow(height)
            surface.blit(shade, (x - margin + 2, y - margin + 3))
            rect = surface.blit(card_image(card, height), (round(x), round(y)))
            area = rect if not area.w else area.union(rect)
        return area

    def _labelled(self, surface, cards, center, height, text, max_width=None) -> None:
        area = self._cards(surface, cards, center, height, max_width)
        assert self.lay is not None
        blit_text(surface, text, self.lay.font_small, (area.centerx, area.top - 4), theme.INK, True, anchor="midbottom")

    def _draw_table(self, surface: pygame.Surface) -> None:
        p, lay = self.p, self.lay
        assert lay is not None
        sort = p.ctx.sort_hand
        plays: list[Sequence[Card]] = list(p.trick)
        if self.played and p.kind != DECLARE and p.kind != BURY:
            plays.append(self.played)
        for i, play in enumerate(plays):
            seat = p.seat_of_play(i)
            name = tr("learn.led", seat=seat_name(seat)) if i == 0 and len(plays) > 1 else seat_name(seat)
            self._labelled(surface, list(play), lay.trick_center(seat), lay.trick_h, name, lay.width * 0.3)
        if p.others:
            # The lesson asks to read these hands: as large as the trick's cards (the felt
            # is empty but for them), so every index reads as on the table.
            h = lay.trick_h
            spots = {
                1: (lay.width * 0.84, lay.center[1] - h * 1.2),
                2: (lay.width * 0.5, lay.bar_h + lay.font_small + h * 0.5),
                3: (lay.width * 0.16, lay.center[1] - h * 1.2),
            }
            for seat, cards in enumerate(p.others, start=1):
                self._labelled(surface, sort(cards), spots[seat], h, seat_name(seat), lay.width * 0.3)
        if "lead" in p.args:
            self._labelled(surface, list(p.args["lead"]), lay.trick_center(0), lay.trick_h, seat_name(0))
        if "kitty" in p.args:
            self._labelled(surface, list(p.args["kitty"]), lay.center, lay.small_h * 1.3, tr("learn.kitty_here"))
        if p.bids is not None:
            for seat, shown in p.bids.shown:
                text = tr("learn.showed", seat=seat_name(seat), cards=pretty_cards(shown))
                self._labelled(surface, list(shown), lay.trick_center(seat), lay.trick_h, text)
            if self.played:
                self._labelled(
                    surface,
                    list(self.played),
                    lay.trick_center(0),
                    lay.trick_h,
                    tr("learn.showed", seat=seat_name(0), cards=pretty_cards(self.played)),
                )
        if p.ask == "settle" and not p.text_key:
            self._draw_bands(surface)
        if p.kind == CHOICE and "lead" not in p.args and p.options and all(_is_cards(o) for o in p.options):
            # Card options are shown as cards too, each above its label.
            n = len(p.options)
            for i, option in enumerate(p.options):
                group = list(option) if isinstance(option, tuple) else [option]
                cx = lay.width * (i + 1) / (n + 1)
                self._labelled(
                    surface, group, (cx, lay.center[1]), lay.trick_h, label(p, option), lay.width / (n + 1) * 0.9
                )

    def _draw_bands(self, surface: pygame.Surface) -> None:
        """A lesson shows the ruleset's table (from the core) beside the question."""
        lay = self.lay
        assert lay is not None
        s = self.scale
        rows = band_rows(self.p)
        line = round(30 * s)
        box = pygame.Rect(0, 0, round(lay.width * 0.62), line * (len(rows) + 1) + round(24 * s))
        box.center = lay.center
        theme.panel(surface, box, theme.PANEL, round(12 * s))
        x, y = box.x + round(24 * s), box.y + round(12 * s)
        blit_text(surface, tr("learn.bands", step=self.p.rules.step), round(17 * s), (x, y), theme.GOLD, True)
        for low, high, text in rows:
            y += line
            span = f"{low}" if low == high else f"{low} – {high}"
            blit_text(surface, span, round(17 * s), (x, y), theme.INK)
            blit_text(surface, text, round(17 * s), (box.centerx - round(20 * s), y), theme.INK)

    def _draw_column(self, surface: pygame.Surface) -> None:
        s = self.scale
        col = self.column
        theme.panel(surface, col, theme.PANEL, round(14 * s))
        x, width = col.x + round(16 * s), col.w - round(32 * s)
        y = col.y + round(14 * s)
        p = self.p
        if p.kind == DECLARE:
            context = tr("learn.context_declare", ruleset=ruleset_name(p.rules))
        elif p.ask in NO_TABLE:
            context = tr("learn.context_ruleset", ruleset=ruleset_name(p.rules))
        else:
            context = tr("learn.context", ruleset=ruleset_name(p.rules), level=p.level, trump=suit_name(p.trump))
        for line in theme.wrap(context, round(15 * s), width):
            blit_text(surface, line, round(15 * s), (x, y), theme.INK_DIM)
            y += round(21 * s)
        y += round(8 * s)
        for line in theme.wrap(prompt(p), round(19 * s), width, True):
            blit_text(surface, line, round(19 * s), (x, y), theme.INK, True)
            y += round(26 * s)
        if p.kind != CHOICE and not self.solved and self.verdict is None:
            y += round(6 * s)
            for line in theme.wrap(tr("learn.pick_cards"), round(15 * s), width):
                blit_text(surface, line, round(15 * s), (x, y), theme.INK_DIM)
                y += round(20 * s)
        if self.verdict is not None:
            y += round(12 * s)
            v = self.verdict
            colour = (120, 220, 140) if v.ok else theme.RED
            blit_text(surface, tr("learn.right" if v.ok else "learn.wrong"), round(20 * s), (x, y), colour, True)
            y += round(28 * s)
            bottom = self.buttons_top() - round(30 * s)
            for text in v.lines:
                for line in theme.wrap(text, round(16 * s), width):
                    if y < bottom:
                        blit_text(surface, line, round(16 * s), (x, y), theme.INK)
                    y += round(22 * s)
                y += round(4 * s)
            if v.section:
                blit_text(
                    surface,
                    tr("learn.section", section=section_title(v.section)),
                    round(14 * s),
                    (x, min(y, bottom)),
                    theme.GOLD,
                )
        for b in self.options + self.actions:
            b.draw(surface)


def _is_cards(option: Any) -> bool:
    return isinstance(option, Card) or (isinstance(option, tuple) and all(isinstance(c, Card) for c in option))
