"""One puzzle on the table: the position a seat faced, the player's move, then the answer.

Shared by "Try again" on the review and the Puzzles screen (``puzzle_scenes``). It shows only
what the seat saw when it chose (the puzzle's observation): its hand, the trick so far, the
cards played in earlier tricks, the declarations shown. Cards are raised as at the table
(``HandView``); a declaring puzzle offers its options and the pass as buttons. Every verdict
comes from ``game.learn.retry``: a move the rules refuse says why and may be picked again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import groupby

import pygame

from game.core import Card, Observation, TrumpContext, pretty_cards
from game.i18n import get_language, tr
from game.learn import coach, seat_name, suit_name
from game.learn.puzzles import Puzzle
from game.learn.retry import Outcome, judge_try
from game.ui.kit import theme
from game.ui.kit.cardview import card_image, card_width, shadow
from game.ui.kit.hand_view import HandView
from game.ui.kit.layout import TableLayout
from game.ui.kit.ruleset_text import name as ruleset_name
from game.ui.kit.theme import blit_text, scale_for
from game.ui.kit.widgets import Button

TABLE_SHARE = 0.66  # of the window's width; the text column takes the rest
MAX_OPTIONS = 4  # declaring options shown as buttons (with the pass)


class PuzzleBoard:
    """The puzzle ``p``; ``on_answer(outcome)`` hears every judged (legal) move."""

    def __init__(self, p: Puzzle, on_answer: Callable[[Outcome], None]):
        self.p = p
        self.obs: Observation = p.position()
        self.on_answer = on_answer
        self.outcome: Outcome | None = None
        self.refused = ""  # the rules' reason for the last refused move
        self.chosen: list[Card] | None = None
        self.hand = HandView()
        self.hand.interactive = p.kind != "declare"
        self.lay: TableLayout | None = None
        self.column = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        if p.kind == "declare":
            self.actions = [self._option_button(list(o)) for o in _declare_options(p)[:MAX_OPTIONS]]
            self.actions.append(self._option_button([]))
        else:
            key = "coach.bury" if p.kind == "bury" else "coach.play"
            self.actions = [
                Button(
                    lambda: tr(key),
                    self._submit,
                    enabled=lambda: bool(self.hand.selected) and self.outcome is None,
                    primary=True,
                    key=pygame.K_RETURN,
                )
            ]

    def _option_button(self, cards: list[Card]) -> Button:
        def text() -> str:
            return tr("coach.declare", cards=" ".join(c.pretty() for c in cards)) if cards else tr("coach.pass")

        return Button(text, lambda: self.answer(cards), enabled=lambda: self.outcome is None)

    @property
    def ctx(self) -> TrumpContext | None:
        obs = self.obs
        if obs.ctx is not None:
            return obs.ctx
        if obs.rank is None:
            return None
        shown = obs.in_force
        return TrumpContext(obs.rank, shown.trump if shown is not None else None)

    # ------------------------------------------------------------------ moves

    def answer(self, cards: Sequence[Card]) -> Outcome | None:
        """Judge ``cards`` (empty: the pass); None when the rules refused them."""
        if self.outcome is not None:
            return self.outcome
        outcome = judge_try(self.p, cards)
        if outcome.refusal is not None:
            self.refused = outcome.refusal.text(get_language())
            return None
        self.refused = ""
        self.outcome = outcome
        self.chosen = list(cards)
        self.hand.interactive = False
        for b in self.actions:  # answered: only the scene's Next and Back remain
            b.visible = False
        if self.p.kind in ("lead", "follow"):
            self.hand.sync(_without(self.hand.cards, cards), self.hand_origin())
        self.on_answer(outcome)
        return outcome

    def _submit(self) -> None:
        self.answer(list(self.hand.selected))

    def hand_origin(self) -> tuple[float, float]:
        return self.lay.center if self.lay else (0, 0)

    # ------------------------------------------------------------------ layout

    def layout(self, size: tuple[int, int], top: int, bottom: int, extra: Sequence[Button] = ()) -> None:
        """The table on the left; the column between ``top`` and ``bottom`` on the right,
        its buttons (the board's and the scene's ``extra``) at its foot."""
        w, h = size
        self.scale = s = scale_for(size)
        table_w = round(w * TABLE_SHARE)
        self.lay = TableLayout(table_w, h)
        self.hand.layout = self.lay
        if not self.hand.entries and self.chosen is None:  # the first layout deals the hand
            self.hand.sync(list(self.obs.hand), self.lay.center)
            ctx = self.ctx
            if ctx is not None:
                self.hand.set_sort(ctx.sort_hand)
        self.hand.settle()
        margin = round(16 * s)
        self.column = pygame.Rect(table_w + margin // 2, top, w - table_w - margin * 3 // 2, bottom - top)
        bh, gap, fs = round(40 * s), round(8 * s), round(16 * s)
        buttons = [b for b in self.actions if b.visible] + list(extra)
        for i, b in enumerate(buttons):
            b.rect = pygame.Rect(
                self.column.x + round(12 * s),
                self.column.bottom - round(12 * s) - (len(buttons) - i) * (bh + gap) + gap,
                self.column.w - round(24 * s),
                bh,
            )
            b.font_size = fs
        self._buttons_top = min((b.rect.top for b in buttons), default=self.column.bottom)

    # ------------------------------------------------------------------ frames

    def handle_event(self, e: pygame.event.Event) -> bool:
        for b in self.actions:
            if b.handle_event(e):
                return True
        if self.outcome is None and self.hand.interactive and self.hand.handle_event(e):
            self.refused = ""
            return True
        return False

    def update(self, dt: float) -> None:
        self.hand.update(dt)

    def animating(self) -> bool:
        return self.hand.moving

    def draw(self, surface: pygame.Surface) -> None:
        if self.lay is None:
            return
        self._draw_table(surface)
        self.hand.draw(surface)
        self._draw_column(surface)
        for b in self.actions:
            b.draw(surface)

    def _cards(self, surface, cards: Sequence[Card], center, height: int, max_width: float) -> pygame.Rect:
        lay = self.lay
        assert lay is not None
        area = pygame.Rect(round(center[0]), round(center[1]), 0, 0)
        for card, (x, y) in zip(cards, lay.row_positions(len(cards), center, height, max_width)):
            shade, margin = shadow(height)
            surface.blit(shade, (x - margin + 2, y - margin + 3))
            rect = surface.blit(card_image(card, height), (round(x), round(y)))
            area = rect if not area.w else area.union(rect)
        return area

    def _labelled(self, surface, cards, seat: int, text: str) -> None:
        lay = self.lay
        assert lay is not None
        pos = (seat - self.obs.seat) % 4
        area = self._cards(surface, cards, lay.trick_center(pos), lay.trick_h, lay.width * 0.3)
        blit_text(surface, text, lay.font_small, (area.centerx, area.top - 4), theme.INK, True, anchor="midbottom")

    def _draw_table(self, surface: pygame.Surface) -> None:
        obs, lay = self.obs, self.lay
        assert lay is not None
        if self.p.kind == "declare":
            for d in obs.declarations:
                name = seat_name((d.seat - obs.seat) % 4)
                self._labelled(
                    surface, list(d.cards), d.seat, tr("learn.showed", seat=name, cards=pretty_cards(d.cards))
                )
            return
        if self.p.kind == "bury" and obs.kitty:  # the kitty picked up: now in the hand too
            area = self._cards(surface, list(obs.kitty), lay.center, round(lay.small_h * 1.3), lay.width * 0.5)
            blit_text(
                surface,
                tr("learn.kitty_here"),
                lay.font_small,
                (area.centerx, area.top - 4),
                theme.INK,
                True,
                anchor="midbottom",
            )
            return
        plays = list(obs.current.plays) if obs.current is not None else []
        if self.chosen and self.p.kind in ("lead", "follow"):
            plays.append((obs.seat, tuple(self.chosen)))
        for i, (seat, cards) in enumerate(plays):
            name = seat_name((seat - obs.seat) % 4)
            text = tr("learn.led", seat=name) if i == 0 and len(plays) > 1 else name
            self._labelled(surface, list(cards), seat, text)

    def _draw_column(self, surface: pygame.Surface) -> None:
        s = self.scale
        col = self.column
        theme.panel(surface, col, theme.PANEL, round(14 * s))
        x, width = col.x + round(14 * s), col.w - round(28 * s)
        y = col.y + round(12 * s)
        bottom = self._buttons_top - round(8 * s)
        p, obs = self.p, self.obs

        def lines(text: str, size: int, colour, bold: bool = False, gap: float = 1.35) -> None:
            nonlocal y
            for line in theme.wrap(text, round(size * s), width, bold):
                if y + size * s <= bottom:
                    blit_text(surface, line, round(size * s), (x, y), colour, bold)
                y += round(size * s * gap)

        lines(self._context(), 14, theme.INK_DIM)
        y += round(4 * s)
        ask = {"bury": "coach.ask_bury", "declare": "coach.ask_declare", "lead": "coach.ask_lead"}
        lines(tr(ask.get(p.kind, "coach.ask_follow"), n=obs.ruleset.kitty), 18, theme.INK, True)
        if self.outcome is None:
            if p.kind in ("lead", "follow"):
                y += round(4 * s)
                lines(tr("coach.trick", n=len(obs.tricks) + 1) + " · " + tr("coach.played_so_far"), 13, theme.INK_DIM)
                for text in self._played_lines():
                    lines(text, 13, theme.INK_DIM)
            if self.refused:
                y += round(6 * s)
                lines(self.refused + " " + tr("coach.pick_again"), 15, theme.RED)
            return
        y += round(10 * s)
        ok = self.outcome.solved
        lines(tr("coach.right" if ok else "coach.wrong"), 20, (120, 220, 140) if ok else theme.RED, True)
        for label, cards in ((tr("coach.answer"), self._shown_answer()), (tr("coach.you_played"), p.played)):
            lines(label, 14, theme.INK_DIM, gap=1.6)
            y = self._card_row(surface, parse(cards), x, y, width, bottom)
        lines(coach.answer_text(p), 14, theme.INK)

    def _card_row(self, surface, cards: list[Card], x: int, y: int, width: int, bottom: int) -> int:
        s = self.scale
        if not cards:
            if y + 24 * s <= bottom:
                blit_text(surface, tr("coach.pass"), round(17 * s), (x, y), theme.INK, True)
            return y + round(26 * s)
        h = round(58 * s)
        if y + h > bottom:
            return y
        cw = card_width(h)
        step = min(cw * 0.55, (width - cw) / max(1, len(cards) - 1)) if len(cards) > 1 else 0
        for i, card in enumerate(cards):
            surface.blit(card_image(card, h), (round(x + i * step), y))
        return y + h + round(6 * s)

    def _shown_answer(self) -> list[str]:
        """The accepted answer the player chose when right, else the analysis's best."""
        if self.outcome is not None and self.outcome.solved and self.chosen is not None:
            return [str(c) for c in self.chosen]
        return self.p.accepted[0]

    def _context(self) -> str:
        obs = self.obs
        name = ruleset_name(obs.ruleset)
        if self.p.kind == "declare" or obs.ctx is None:
            return tr("learn.context_declare", ruleset=name)
        trump = obs.ctx.trump_suit
        return tr(
            "learn.context", ruleset=name, level=obs.ctx.level.label, trump=suit_name(trump.value if trump else "NT")
        )

    def _played_lines(self) -> list[str]:
        """The cards of the completed tricks (the player's memory): a line for the trumps,
        then one per side suit, each in the hand's order."""
        cards = [c for t in self.obs.tricks for _, cs in t.plays for c in cs]
        if not cards:
            return [tr("coach.none_played")]
        ctx = self.ctx
        if ctx is None:
            return [" ".join(c.pretty() for c in sorted(cards))]
        out: list[str] = []
        for _, group in groupby(ctx.sort_hand(cards), key=ctx.suit_by_card.__getitem__):
            out.append(" ".join(c.pretty() for c in group))  # spaces: a long suit wraps between cards
        return out


def _declare_options(p: Puzzle) -> list[list[Card]]:
    """A declaring puzzle's choices: its options, else the accepted and played declarations."""
    seen: list[list[str]] = []
    for o in list(p.options) + list(p.accepted) + [p.played]:
        if o and sorted(o) not in [sorted(x) for x in seen]:
            seen.append(list(o))
    return [parse(o) for o in seen]


def parse(cards: Sequence[str] | Sequence[Card]) -> list[Card]:
    return [c if isinstance(c, Card) else Card.parse(c) for c in cards]


def _without(cards: Sequence[Card], taken: Sequence[Card]) -> list[Card]:
    rest = list(cards)
    for c in taken:
        rest.remove(c)
    return rest


__all__ = ["PuzzleBoard", "parse"]
