"""The fanned hand at the bottom: sorting, raising cards by click, drag or keyboard, sliding.

A press on a card raises (or lowers) it and dragging across the fan does the same to every
card passed; a double-click (or, with the single-click setting, a click on a raised card)
asks to play. The owner supplies what the rules know: ``group_for`` (a click raises the
pair or tractor the lead asks for), ``can_play`` and ``on_play``.

Entries glide to their slots (``approach``), so dealing, re-sorting when the trump is
known, picking up the kitty and playing all animate without extra code. Selection is by
entry, not by card, because two decks hold identical cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import pygame

from game.core import Card
from game.ui.kit import theme
from game.ui.kit.cardview import back_image, card_image, card_width, shadow
from game.ui.kit.layout import TableLayout
from game.ui.kit.tween import approach

DOUBLE_CLICK = 0.4
"""Seconds between two presses on one card that make a double-click."""


@dataclass
class Entry:
    """One card of the fanned hand, where it is drawn now."""

    card: Card
    x: float
    y: float
    lift: float = 0.0  # 0 lowered … 1 raised, eased toward ``selected``
    selected: bool = False
    fresh: bool = False  # just came from the kitty: tinted until the bury


class HandView:
    """The bottom seat's cards as the screen shows them."""

    def __init__(self) -> None:
        self.entries: list[Entry] = []
        self.focus: int | None = None
        self.sort_key: Callable[[Iterable[Card]], list[Card]] = sorted
        self.interactive = False
        self.layout: TableLayout | None = None
        self.moving = False
        self.dirty: list[pygame.Rect] = []
        # Hot-seat: between turns the hand lies face down, in this back colour.
        self.hidden = False
        self.back_colour = "blue"
        # What the rules add to a click (set by the person's controls).
        self.group_for: Callable[[int], list[int]] | None = None
        self.can_play: Callable[[], bool] = lambda: False
        self.on_play: Callable[[], None] | None = None
        self.play_click = "double"  # or "single": a click on a raised card plays
        self.now = 0.0  # seconds of this view's life, for double-clicks
        self._last_press: tuple[int, float] | None = None
        self._drag: tuple[int, bool, list[bool]] | None = None  # anchor, raising, selection before
        self._dragged = False
        # The suit group of a card (trumps, then each side suit), for the gaps between them.
        self.group_of: Callable[[Card], object] | None = None

    # ------------------------------------------------------------------ contents

    @property
    def cards(self) -> list[Card]:
        """The cards, in order."""
        return [e.card for e in self.entries]

    @property
    def selected(self) -> list[Card]:
        """The raised cards."""
        return [e.card for e in self.entries if e.selected]

    def set_sort(self, sort_key: Callable[[Iterable[Card]], list[Card]]) -> None:
        """Re-sort (the trump became known or changed); cards slide to their new places."""
        self.sort_key = sort_key
        self._resort()

    def _resort(self) -> None:
        order = self.sort_key(self.cards)
        rank: dict[Card, list[int]] = {}
        for i, card in enumerate(order):
            rank.setdefault(card, []).append(i)
        used: Counter = Counter()
        keyed = []
        for e in self.entries:
            keyed.append((rank[e.card][used[e.card]], e))
            used[e.card] += 1
        self.entries = [e for _, e in sorted(keyed, key=lambda p: p[0])]
        if self.focus is not None and self.focus >= len(self.entries):
            self.focus = len(self.entries) - 1 if self.entries else None

    def sync(self, cards: Sequence[Card], origin: tuple[float, float], mark_new: bool = False) -> list[Entry]:
        """Match the hand to ``cards``: new cards glide in from ``origin``; returns the
        entries taken out (selected ones first), for their flights to the table."""
        # New contents (a play, a hot-seat change of hands): no double-click spans them.
        self._last_press = None
        self._drag = None
        want = Counter(cards)
        have = Counter(self.cards)
        removed: list[Entry] = []
        surplus = have - want
        if surplus:
            keep: list[Entry] = []
            for e in sorted(self.entries, key=lambda e: not e.selected):
                if surplus[e.card] > 0:
                    surplus[e.card] -= 1
                    removed.append(e)
                else:
                    keep.append(e)
            self.entries = [e for e in self.entries if any(e is k for k in keep)]
        for card, n in (want - have).items():
            for _ in range(n):
                self.entries.append(Entry(card, origin[0], origin[1], fresh=mark_new))
        self._resort()
        return removed

    def unmark(self) -> None:
        """End the kitty tint."""
        for e in self.entries:
            e.fresh = False

    def clear_selection(self) -> None:
        """Lower every card."""
        for e in self.entries:
            e.selected = False

    def select_cards(self, cards: Sequence[Card]) -> None:
        """Raise exactly ``cards`` (a hint, a returned throw)."""
        self.clear_selection()
        wanted = Counter(cards)
        for e in self.entries:
            if wanted[e.card] > 0:
                wanted[e.card] -= 1
                e.selected = True

    # ------------------------------------------------------------------ geometry

    def targets(self) -> list[tuple[float, float]]:
        """Where each card belongs (top-left corners)."""
        return self.layout.hand_positions(len(self.entries), self.breaks()) if self.layout else []

    def breaks(self) -> frozenset[int]:
        """Where a new suit group begins in the hand's order."""
        if self.group_of is None or self.hidden:
            return frozenset()
        groups = [self.group_of(e.card) for e in self.entries]
        return frozenset(i for i in range(1, len(groups)) if groups[i] != groups[i - 1])

    @property
    def card_h(self) -> int:
        """The height the hand's cards are drawn at (smaller for a three-deck hand)."""
        lay = self.layout
        assert lay is not None
        return lay.hand_card_h(len(self.entries), len(self.breaks()) + 1)

    def rect_of(self, i: int) -> pygame.Rect:
        """The card's rectangle as drawn now."""
        e = self.entries[i]
        lay = self.layout
        assert lay is not None  # laid out before it is drawn or touched
        h = self.card_h
        return pygame.Rect(round(e.x), round(e.y - e.lift * lay.raise_by), card_width(h), h)

    def index_at(self, pos: tuple[int, int]) -> int | None:
        """The topmost card under ``pos``."""
        for i in range(len(self.entries) - 1, -1, -1):
            if self.rect_of(i).collidepoint(pos):
                return i
        return None

    # ------------------------------------------------------------------ input

    def handle_event(self, e: pygame.event.Event) -> bool:
        """Press, drag and double-click on cards; arrows move the focus, space/up/down raise
        and lower, Home/End jump, Backspace lowers every card."""
        if not self.interactive or not self.entries:
            self._drag = self._last_press = None
            return False
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            return self._press(e.pos)
        if e.type == pygame.MOUSEMOTION and self._drag is not None:
            if e.buttons and e.buttons[0]:
                self._drag_to(e.pos)
                return True
            self._drag = None
            return False
        if e.type == pygame.MOUSEBUTTONUP and e.button == 1 and self._drag is not None:
            self._drag = None
            return True
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 3:
            self.clear_selection()
            return True
        if e.type == pygame.KEYDOWN:
            return self._key(e.key)
        return False

    def _press(self, pos: tuple[int, int]) -> bool:
        i = self.index_at(pos)
        if i is None:
            return False
        entry = self.entries[i]
        before = [x.selected for x in self.entries]
        double = (
            self._last_press is not None and self._last_press[0] == i and self.now - self._last_press[1] <= DOUBLE_CLICK
        )
        self.focus = i
        if self.on_play is not None and double and self.play_click == "double":
            # The first press raised the card (and its pair): keep it raised and play.
            self._last_press = None
            if not entry.selected:
                self._raise(i)
            if self.can_play():
                self.on_play()
            return True
        if self.on_play is not None and self.play_click == "single" and entry.selected and self.can_play():
            self._last_press = None
            self.on_play()
            return True
        self._last_press = (i, self.now)
        if entry.selected:
            entry.selected = False
        else:
            self._raise(i)
        self._drag = (i, entry.selected, before)
        self._dragged = False
        return True

    def _raise(self, i: int) -> None:
        """Raise card ``i`` and, when following, the rest of its pair or tractor."""
        group = self.group_for(i) if self.group_for is not None else [i]
        for j in group or [i]:
            self.entries[j].selected = True

    def _drag_to(self, pos: tuple[int, int]) -> None:
        """Every card between the pressed one and the pointer takes the pressed card's new state."""
        if self._drag is None:
            return
        anchor, raising, before = self._drag
        j = self.index_at(pos)
        if j is None or (j == anchor and not self._dragged):
            return
        if len(before) != len(self.entries):
            self._drag = None
            return
        self._dragged = True
        self._last_press = None  # a drag is never half of a double-click
        low, high = min(anchor, j), max(anchor, j)
        for k, entry in enumerate(self.entries):
            if low <= k <= high:
                entry.selected = raising
            elif k != anchor:
                entry.selected = before[k]
        self.focus = j

    def _key(self, key: int) -> bool:
        n = len(self.entries)
        if key == pygame.K_LEFT:
            self.focus = n - 1 if self.focus is None else max(0, self.focus - 1)
            return True
        if key == pygame.K_RIGHT:
            self.focus = 0 if self.focus is None else min(n - 1, self.focus + 1)
            return True
        if key == pygame.K_HOME:
            self.focus = 0
            return True
        if key == pygame.K_END:
            self.focus = n - 1
            return True
        if key == pygame.K_BACKSPACE:
            self.clear_selection()
            return True
        if self.focus is not None and self.focus < n:
            entry = self.entries[self.focus]
            if key == pygame.K_SPACE:
                if entry.selected:
                    entry.selected = False
                else:
                    self._raise(self.focus)
                return True
            if key == pygame.K_UP:
                if not entry.selected:
                    self._raise(self.focus)
                return True
            if key == pygame.K_DOWN:
                entry.selected = False
                return True
        return False

    # ------------------------------------------------------------------ frames

    def update(self, dt: float) -> None:
        """Glide every card toward its slot; ``dirty`` lists the areas that changed."""
        self.dirty = []
        self.now += dt
        margin = (self.layout.card_h // 14 + 6) if self.layout else 8
        for i, (e, (tx, ty)) in enumerate(zip(self.entries, self.targets())):
            lift = 1.0 if e.selected else 0.0
            before = (e.x, e.y, e.lift)
            if abs(e.x - tx) + abs(e.y - ty) < 0.3 and abs(e.lift - lift) < 0.004:
                e.x, e.y, e.lift = tx, ty, lift  # arrived: snap, so a still hand is still
            else:
                e.x = approach(e.x, tx, dt, 12.0)
                e.y = approach(e.y, ty, dt, 12.0)
                e.lift = approach(e.lift, lift, dt, 22.0)
            if (e.x, e.y, e.lift) != before:
                old = self.rect_of(i).move(round(before[0] - e.x), 0)
                assert self.layout is not None  # targets() is empty without one
                old.y = round(before[1] - before[2] * self.layout.raise_by)
                self.dirty.append(old.union(self.rect_of(i)).inflate(margin * 2, margin * 2))
        self.moving = bool(self.dirty)

    def settle(self) -> None:
        """Jump every card to its slot (after a resize)."""
        for e, (tx, ty) in zip(self.entries, self.targets()):
            e.x, e.y = tx, ty

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.layout
        if lay is None:
            return
        h = self.card_h
        for i, e in enumerate(self.entries):
            rect = self.rect_of(i)
            shade, margin = shadow(h)
            surface.blit(shade, (rect.x - margin + 2, rect.y - margin + 3))
            if self.hidden:
                surface.blit(back_image(h, self.back_colour), (rect.x, round(e.y)))
                continue
            variant = "selected" if e.selected else ("highlight" if e.fresh else "normal")
            surface.blit(card_image(e.card, h, variant), rect)
        if self.interactive and not self.hidden and self.focus is not None and self.focus < len(self.entries):
            rect = self.rect_of(self.focus)
            w = min(card_width(h), rect.w)
            step = (
                self.entries[self.focus + 1].x - self.entries[self.focus].x if self.focus + 1 < len(self.entries) else w
            )
            mark = pygame.Rect(rect.x + 3, rect.bottom - 6, max(8, int(step) - 6), 4)
            pygame.draw.rect(surface, theme.GOLD, mark, border_radius=2)
