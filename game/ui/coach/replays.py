"""Replays: the list of the last hands, and a viewer that steps through one of them.

The viewer shows all four hands face up and steps forwards and backwards through the deal,
the declarations, the kitty and every play (``records.Replay``: each step is the hand
rebuilt from its log, exactly as it was). Keys: ←/→ a step, ↑/↓ (or Page Up/Down) a trick,
Home/End the start and the end, Esc back.
"""

from __future__ import annotations

from collections.abc import Sequence
import math
from pathlib import Path

import pygame

from game.app.records import Records, Replay
from game.core import (
    AFTER_DEAL,
    BURY,
    BURYING,
    DEAL,
    DEALING,
    DECLARE,
    FINISH_DEAL,
    PLAY,
    PLAYING,
    SETTLED,
    Hand,
    Suit,
    TrumpContext,
    points_of,
)
from game.i18n import get_language, tr
from game.table import TableSettings
from game.ui.kit import theme
from game.ui.kit.cardview import card_image, card_width
from game.ui.kit.names import (
    TableNames,
    about,
    cards_text,
    declaration_text,
    default_seat_name,
    default_team_name,
    seat_name,
    suit_text,
    team_name,
)
from game.ui.kit.scene import Scene
from game.ui.kit.theme import blit_text, fit_text, scale_for
from game.ui.kit.widgets import Button, Choice


def _ruleset_name(data: dict) -> str:
    """The ruleset's short name (``Hebi 2010``), for the list."""
    names = data.get("ruleset", {}).get("name", {})
    return (names.get(get_language()) or names.get("en") or "?").split(" · ")[0]


def _trump_label(code: str | None) -> str:
    if code is None:
        return "—"
    return suit_text(None if code == "NT" else Suit(code))


def result_text(summary: dict, names: dict | None) -> str:
    """ "East–West +2" or "North–South take the deal", from a replay's summary."""
    if summary.get("dealer") is None or summary.get("up_side") is None:
        return ""
    dealer_team = summary["dealer"] % 2
    team = dealer_team if summary["up_side"] == "dealers" else 1 - dealer_team
    typed = ((names or {}).get("teams") or ["", ""])[team].strip()
    name = typed or default_team_name(team)
    if summary.get("up_levels"):
        return tr("match_end.result_up", team=name, levels=summary["up_levels"])
    return tr("match_end.result_take", team=name)


class ReplayListScene(Scene):
    """The last hands (newest first); a click opens one."""

    def __init__(self, app):
        super().__init__(app)
        self.records = Records(app.storage.folder, writable=app.storage.writable)
        self.items = self.records.list_replays()
        self.back = Button(lambda: tr("button.back"), app.pop, primary=True, key=pygame.K_ESCAPE)
        self.scroll = 0
        self.scale = 1.0
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.row_h = 40
        self.hover: int | None = None
        self.error = " ".join(str(n) for n in self.records.notices)[:300]  # replays set aside

    def layout(self, size) -> None:
        self.scale = s = scale_for(size)
        w, h = size
        self.list_rect = pygame.Rect(round(30 * s), round(120 * s), w - round(60 * s), h - round(200 * s))
        self.row_h = round(40 * s)
        self.back.rect = pygame.Rect(0, 0, round(200 * s), round(46 * s))
        self.back.rect.midbottom = (w // 2, h - round(16 * s))
        self.back.font_size = round(20 * s)
        self.scroll = min(self.scroll, self.max_scroll())

    def visible_rows(self) -> int:
        return max(1, self.list_rect.h // self.row_h)

    def max_scroll(self) -> int:
        return max(0, len(self.items) - self.visible_rows())

    def row_at(self, pos) -> int | None:
        if not self.list_rect.collidepoint(pos):
            return None
        i = self.scroll + (pos[1] - self.list_rect.y) // self.row_h
        return i if 0 <= i < len(self.items) else None

    def open(self, i: int) -> None:
        path, data = self.items[i]
        try:
            replay = Records.load(path, data)
        except ValueError as e:
            self.error = tr("replay.unreadable", error=str(e)[:100])
            return
        self.app.push(ReplayScene(self.app, replay))

    def handle_event(self, e) -> None:
        if self.back.handle_event(e):
            return
        if e.type == pygame.MOUSEMOTION:
            self.hover = self.row_at(e.pos)
        elif e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            i = self.row_at(e.pos)
            if i is not None:
                self.open(i)
        elif e.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(self.max_scroll(), self.scroll - e.y * 3))
        elif e.type == pygame.KEYDOWN and e.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
            self.scroll = min(self.max_scroll(), self.scroll + (1 if e.key == pygame.K_DOWN else self.visible_rows()))
        elif e.type == pygame.KEYDOWN and e.key in (pygame.K_UP, pygame.K_PAGEUP):
            self.scroll = max(0, self.scroll - (1 if e.key == pygame.K_UP else self.visible_rows()))

    def draw(self, surface) -> None:
        theme.draw_felt(surface)
        s = self.scale
        w, _ = surface.get_size()
        blit_text(surface, tr("replay.list_title"), round(32 * s), (round(30 * s), round(24 * s)), theme.GOLD, True)
        blit_text(
            surface,
            tr("replay.list_help", n=len(self.items)),
            round(16 * s),
            (round(30 * s), round(74 * s)),
            theme.INK_DIM,
        )
        box = self.list_rect
        theme.panel(surface, box.inflate(round(12 * s), round(12 * s)), (8, 36, 26, 200), round(12 * s))
        if not self.items:
            blit_text(surface, tr("replay.none"), round(18 * s), box.center, theme.INK_DIM, anchor="center")
        columns = (0.0, 0.17, 0.31, 0.43, 0.60, 0.73)
        size = round(16 * s)
        for row, i in enumerate(range(self.scroll, min(len(self.items), self.scroll + self.visible_rows()))):
            _, data = self.items[i]
            y = box.y + row * self.row_h
            rect = pygame.Rect(box.x, y, box.w, self.row_h - round(4 * s))
            if i == self.hover:
                theme.panel(surface, rect, (40, 90, 70, 200), round(8 * s))
            summary = data.get("summary", {})
            names = data.get("names") or {}
            typed = names.get("seats") or [""] * 4
            dealer = summary.get("dealer")
            dealer_name = ""
            if dealer is not None:
                dealer_name = (typed[dealer] if dealer < len(typed) else "").strip() or default_seat_name(dealer)
            kind = data.get("kind")
            hand_cell = (
                tr("replay.deal_again")
                if kind == "deal"
                else tr(
                    "replay.duplicate_hand" if kind == "duplicate" else "table.hand_number", n=data.get("number", "?")
                )
            )
            cells = (
                str(data.get("time", "")),
                _ruleset_name(data),
                hand_cell,
                tr("replay.dealer", player=dealer_name),
                _trump_label(summary.get("trump")),
                tr("replay.points", points=summary.get("points", 0)) + "   " + result_text(summary, names),
            )
            red = summary.get("trump") in ("H", "D")
            for k, (at, cell) in enumerate(zip(columns, cells)):
                ink = theme.RED if k == 4 and red else (theme.GOLD if k == 5 else theme.INK)
                blit_text(
                    surface,
                    cell,
                    size,
                    (box.x + round(10 * s) + at * (box.w - round(20 * s)), rect.centery),
                    ink,
                    anchor="midleft",
                )
        if self.error:
            blit_text(
                surface,
                self.error,
                round(16 * s),
                (w // 2, self.back.rect.y - round(10 * s)),
                theme.RED,
                anchor="midbottom",
            )
        self.back.draw(surface)

    def phase_name(self) -> str:
        return "replays"


class IconButton(Button):
    """A step button drawn as triangles (|◀ ◀◀ ◀ ▶ ▶▶ ▶|)."""

    def __init__(self, icon: str, on_click, enabled=True, key=None):
        super().__init__("", on_click, enabled, key=key)
        self.icon = icon

    def preferred_width(self, size: int) -> int:
        return size * 3

    def draw(self, surface) -> None:
        super().draw(surface)
        if self.rect.w <= 0:
            return
        colour = theme.INK_DARK if self.enabled else (70, 80, 76)
        r = self.rect.h * 0.22
        cx, cy = self.rect.center
        direction = -1 if self.icon in ("first", "prev", "prev_trick") else 1
        count = 2 if self.icon in ("prev_trick", "next_trick") else 1
        w = r * 1.5
        x0 = cx - (count * w) / 2 * direction
        for i in range(count):
            tip = x0 + direction * w * (i + 1)
            base = x0 + direction * w * i
            pygame.draw.polygon(surface, colour, [(base, cy - r), (base, cy + r), (tip, cy)])
        if self.icon in ("first", "last"):  # a bar at the tip: to the very start or end
            bar_x = x0 + direction * (w * count + 2)
            pygame.draw.rect(surface, colour, pygame.Rect(round(bar_x - 1.5), round(cy - r), 3, round(2 * r)))


class ReplayScene(Scene):
    """One hand, all four hands face up, step by step."""

    def __init__(self, app, replay: Replay, hands: tuple[Sequence[Path], int] | None = None):
        """``hands``: the files of every hand of the match this one belongs to, and its index
        (a bots-only tournament match): the viewer steps on to the match's other hands."""
        super().__init__(app)
        self.replay = replay
        self.hands = hands
        self.step = 0
        # Four hands face up: nobody is "You". The replay's own names, not the table's.
        self.names = TableNames.typed(replay.meta.get("names"), absolute=True)
        self.buttons = [
            IconButton("first", lambda: self.go(0), lambda: self.step > 0, key=pygame.K_HOME),
            IconButton("prev_trick", lambda: self.go(self.replay.trick_step(self.step, -1)), lambda: self.step > 0),
            IconButton("prev", lambda: self.go(self.step - 1), lambda: self.step > 0),
            IconButton("next", lambda: self.go(self.step + 1), self._more),
            IconButton("next_trick", lambda: self.go(self.replay.trick_step(self.step, 1)), self._more),
            IconButton("last", lambda: self.go(len(self.replay.steps) - 1), self._more, key=pygame.K_END),
        ]
        self.play = Button(lambda: tr("replay.play_deal"), self.play_deal)
        self.review = Button(lambda: tr("review.button"), self.open_review, lambda: replay.hand.settlement is not None)
        self.back = Button(lambda: tr("button.back"), app.pop, primary=True, key=pygame.K_ESCAPE)
        self.hand_buttons: list[Button] = []
        if hands is not None and len(hands[0]) > 1:
            files, index = hands
            self.hand_buttons = [
                Button(lambda: tr("replay.prev_hand"), lambda: self.other_hand(-1), lambda: index > 0),
                Button(lambda: tr("replay.next_hand"), lambda: self.other_hand(1), lambda: index < len(files) - 1),
            ]
        # A hand bots alone played (the arena's, autoplay): the player picks the seat to review.
        self.review_seat = 0
        self.seat_choice: Choice | None = None
        if not replay.meta.get("humans") and replay.hand.settlement is not None:
            self.seat_choice = Choice(range(4), self._seat_label, lambda: self.review_seat, self._pick_seat)
        self.scale = 1.0
        self.size = (1280, 800)

    # ------------------------------------------------------------------ stepping

    def _more(self) -> bool:
        return self.step < len(self.replay.steps) - 1

    def go(self, step: int) -> None:
        self.step = max(0, min(step, len(self.replay.steps) - 1))

    @property
    def hand(self) -> Hand:
        """The hand at the current step."""
        return self.replay.state(self.step)

    def other_hand(self, step: int) -> None:
        """The match's previous or next hand, in this viewer's place."""
        assert self.hands is not None
        files, index = self.hands
        if 0 <= index + step < len(files):
            self.app.nav.event_replay(files, index + step, swap=True)

    def play_deal(self) -> None:
        meta = self.replay.meta
        humans = meta.get("humans") or [0]
        settings = TableSettings.from_dict({"names": meta.get("names") or {}, "seed": meta.get("match_seed")})
        self.app.nav.ask_deal_again(self.replay.hand.ruleset, self.replay.hand.setup, settings, humans[0])

    def _pick_seat(self, seat: int) -> None:
        self.review_seat = seat

    def _seat_label(self, seat: int) -> str:
        """The seat's name, cut to its segment of the picker (typed names may be long)."""
        choice = self.seat_choice
        assert choice is not None
        return fit_text(seat_name(seat, None, self.names), choice.font_size, choice.rect.w // 4 - 8, bold=True)

    def open_review(self) -> None:
        """The analysis of the first person's decisions (for a bots-only hand, of the seat picked)."""
        humans = self.replay.meta.get("humans") or [self.review_seat]
        self.app.nav.review(self.replay, int(humans[0]))

    # ------------------------------------------------------------------ scene contract

    def layout(self, size) -> None:
        self.scale = s = scale_for(size)
        self.size = size
        w, h = size
        bh = round(42 * s)
        gap = round(8 * s)
        total = len(self.buttons) * round(64 * s) + (len(self.buttons) - 1) * gap
        x = w // 2 - total // 2
        for b in self.buttons:
            b.rect = pygame.Rect(x, h - bh - round(10 * s), round(64 * s), bh)
            x += round(64 * s) + gap
        self.back.rect = pygame.Rect(0, 0, round(110 * s), round(30 * s))
        self.back.rect.topright = (w - round(10 * s), round(6 * s))
        self.back.font_size = round(16 * s)
        right = self.back.rect.x
        for hb in reversed(self.hand_buttons):
            hb.rect = pygame.Rect(0, 0, round(150 * s), round(30 * s))
            hb.rect.topright = (right - round(8 * s), round(6 * s))
            hb.font_size = round(15 * s)
            right = hb.rect.x
        self.play.rect = pygame.Rect(0, 0, round(190 * s), bh)
        self.play.rect.bottomright = (w - round(14 * s), h - round(10 * s))
        self.play.font_size = round(17 * s)
        self.review.rect = self.play.rect.copy()
        self.review.rect.right = self.play.rect.x - round(10 * s)
        self.review.rect.w = round(130 * s)
        self.review.rect.right = self.play.rect.x - round(10 * s)
        self.review.font_size = self.play.font_size
        if self.seat_choice is not None:
            # Above Review and Play, right of South's hand, below East's.
            regions = self.regions()
            left = regions[0].right + round(12 * s)
            height = round(32 * s)
            self.seat_choice.rect = pygame.Rect(
                left, self.review.rect.y - round(10 * s) - height, w - round(14 * s) - left, height
            )
            self.seat_choice.font_size = round(15 * s)

    def handle_event(self, e) -> None:
        if self.seat_choice is not None and self.review.visible and self.seat_choice.handle_event(e):
            return
        for b in [*self.buttons, self.play, self.review, self.back, *self.hand_buttons]:
            if b.handle_event(e):
                return
        if e.type == pygame.KEYDOWN:
            if e.key == pygame.K_RIGHT:
                self.go(self.step + 1)
            elif e.key == pygame.K_LEFT:
                self.go(self.step - 1)
            elif e.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.go(self.replay.trick_step(self.step, 1))
            elif e.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.go(self.replay.trick_step(self.step, -1))
        elif e.type == pygame.MOUSEWHEEL:
            self.go(self.step - e.y)

    def phase_name(self) -> str:
        return "replay"

    # ------------------------------------------------------------------ regions

    def regions(self) -> dict[str | int, pygame.Rect]:
        """The screen's areas: "info", "kitty", "centre", "caption", and each seat's by its number."""
        w, h = self.size
        s = self.scale
        bar = round(42 * s)
        bottom = h - round(62 * s) - round(30 * s)  # the step buttons and the caption
        band = round((bottom - bar) * 0.27)
        m = round(12 * s)
        side_w = round(w * 0.27)
        mid_top = bar + band + m
        mid_bottom = bottom - band - m
        return {
            "info": pygame.Rect(m, bar + m, round(w * 0.2), band - m),
            "kitty": pygame.Rect(w - m - round(w * 0.2), bar + m, round(w * 0.2), band - m),
            2: pygame.Rect(round(w * 0.2) + 2 * m, bar + m, w - 2 * round(w * 0.2) - 4 * m, band - m),
            0: pygame.Rect(round(w * 0.2) + 2 * m, bottom - band, w - 2 * round(w * 0.2) - 4 * m, band - m),
            3: pygame.Rect(m, mid_top, side_w, mid_bottom - mid_top),
            1: pygame.Rect(w - m - side_w, mid_top, side_w, mid_bottom - mid_top),
            "centre": pygame.Rect(side_w + 2 * m, mid_top, w - 2 * side_w - 4 * m, mid_bottom - mid_top),
            "caption": pygame.Rect(0, bottom, w, round(30 * s)),
        }

    # ------------------------------------------------------------------ drawing

    def draw(self, surface) -> None:
        theme.draw_felt(surface)
        s = self.scale
        hand = self.hand
        w, _ = surface.get_size()
        bar = pygame.Rect(0, 0, w, round(42 * s))
        pygame.draw.rect(surface, (9, 44, 32), bar)
        meta = self.replay.meta
        title = "  ·  ".join(
            [
                tr("replay.title"),
                self.replay.ruleset.text(self.replay.ruleset.name, get_language()),
                tr("table.hand_number", n=meta.get("number", "?")),
                *([tr("replay.match_hand", n=self.hands[1] + 1, total=len(self.hands[0]))] if self.hands else []),
                str(meta.get("time", "")),
                tr("replay.step", n=self.step, total=len(self.replay.steps) - 1),
                tr("hand_end.deal_seed", seed=hand.setup.seed),
            ]
        )
        left = self.hand_buttons[0].rect.x if self.hand_buttons else self.back.rect.x
        title = fit_text(title, round(15 * s), left - round(28 * s))
        blit_text(surface, title, round(15 * s), (round(14 * s), bar.centery), theme.INK_DIM, anchor="midleft")
        regions = self.regions()
        self.draw_info(surface, regions["info"], hand)
        self.draw_kitty(surface, regions["kitty"], hand)
        for seat in range(4):
            self.draw_seat(surface, regions[seat], seat, hand)
        self.draw_centre(surface, regions["centre"], hand)
        caption = self.caption(hand)
        blit_text(surface, caption, round(17 * s), regions["caption"].center, theme.GOLD, True, anchor="center")
        for b in self.buttons:
            b.draw(surface)
        self.play.draw(surface)
        self.review.draw(surface)
        for hb in self.hand_buttons:
            hb.draw(surface)
        if self.seat_choice is not None and self.review.visible:
            r = self.seat_choice.rect
            blit_text(
                surface,
                tr("replay_seat.review_which"),
                round(14 * s),
                (r.x, r.y - round(4 * s)),
                theme.INK_DIM,
                anchor="bottomleft",
            )
            self.seat_choice.draw(surface)
        self.back.draw(surface)

    def _ctx(self, hand: Hand) -> TrumpContext | None:
        if hand.ctx is not None:
            return hand.ctx
        rank = hand.bidding.rank if (hand.dealer is not None or hand.setup.first_hand) else None
        if rank is None:
            return None
        return TrumpContext(rank, hand.bidding.trump)

    def draw_info(self, surface, box: pygame.Rect, hand: Hand) -> None:
        s = self.scale
        theme.panel(surface, box, (8, 34, 25, 215), round(12 * s))
        x, y = box.x + round(12 * s), box.y + round(8 * s)
        room = box.w - round(24 * s)
        size = round(15 * s)

        def say(text: str, ink, bold: bool = False, at: int = size) -> None:
            # The box is narrow at 1024×640: a long line gets a smaller size before an ellipsis.
            nonlocal y
            while at > round(11 * s) and theme.text(text, at, ink, bold).get_width() > room:
                at -= 1
            if y + at <= box.bottom - round(4 * s):
                blit_text(surface, fit_text(text, at, room, bold), at, (x, y), ink, bold)
            y += round(at * 1.5)

        trump = hand.ctx.trump_suit if hand.ctx else (hand.bidding.trump if hand.bidding.shown else None)
        known = hand.ctx is not None or hand.bidding.shown
        ink = theme.RED if known and trump is not None and trump.is_red else theme.INK
        say(tr("table.trump_value", trump=suit_text(trump) if known else tr("table.trump_pending")), ink, True)
        rank = hand.rank or (hand.bidding.rank if (hand.dealer is not None or hand.setup.first_hand) else None)
        if rank is not None:
            say(tr("table.level", rank=rank.label), theme.GOLD)
        if hand.dealer is not None:
            say(tr("table.dealer_is", player=seat_name(hand.dealer, None, self.names)), theme.INK)
            defenders = 1 - hand.dealer % 2
            say(tr("table.points_value", points=hand.defender_points), theme.TEAM_COLOURS[defenders])
        levels = hand.levels
        teams = [f"{team_name(t, None, self.names)} {levels[t].label}" for t in (0, 1)]
        small = round(13 * s)
        both = "  ·  ".join(teams)
        if theme.text(both, small, theme.INK_DIM).get_width() <= room:
            say(both, theme.INK_DIM, at=small)
        else:  # one line per team
            for text in teams:
                say(text, theme.INK_DIM, at=small)

    def draw_kitty(self, surface, box: pygame.Rect, hand: Hand) -> None:
        s = self.scale
        theme.panel(surface, box, (8, 34, 25, 215), round(12 * s))
        buried = hand.phase in (PLAYING, SETTLED)
        label = tr("replay.kitty_buried") if buried else tr("table.kitty")
        cards = list(hand.kitty) if buried or hand.phase in (DEALING, AFTER_DEAL) else list(hand.dealt_kitty)
        worth = tr("hand_end.kitty_worth", points=points_of(cards)) if buried and cards else ""
        room = box.w - round(36 * s) - (theme.text(worth, round(14 * s)).get_width() if worth else 0)
        if buried and theme.text(label, round(15 * s)).get_width() > room:
            label = tr("table.kitty")  # a narrow box (the review's): the short word, clear of the points
        blit_text(surface, label, round(15 * s), (box.x + round(12 * s), box.y + round(8 * s)), theme.INK_DIM)
        area = pygame.Rect(box.x + round(10 * s), box.y + round(32 * s), box.w - round(20 * s), box.h - round(40 * s))
        self.fan(surface, cards, area, max_rows=2)
        if worth:
            blit_text(
                surface,
                worth,
                round(14 * s),
                (box.right - round(12 * s), box.y + round(8 * s)),
                theme.GOLD,
                anchor="topright",
            )

    def draw_seat(self, surface, box: pygame.Rect, seat: int, hand: Hand) -> None:
        s = self.scale
        team = theme.TEAM_COLOURS[seat % 2]
        acting = hand.to_act() == seat
        theme.panel(surface, box, (8, 34, 25, 200), round(12 * s), theme.GOLD if acting else team)
        name = seat_name(seat, None, self.names)
        x = box.x + round(12 * s)
        r = blit_text(surface, name, round(17 * s), (x, box.y + round(6 * s)), theme.INK, True)
        if hand.dealer == seat:
            blit_text(
                surface,
                tr("team.dealers"),
                round(14 * s),
                (r.right + round(10 * s), r.centery),
                theme.GOLD,
                True,
                anchor="midleft",
            )
        blit_text(
            surface,
            tr("table.cards_left", n=len(hand.hands[seat])),
            round(14 * s),
            (box.right - round(12 * s), box.y + round(8 * s)),
            theme.INK_DIM,
            anchor="topright",
        )
        ctx = self._ctx(hand)
        if ctx is not None:
            cards = ctx.sort_hand(hand.hands[seat])
        else:
            cards = sorted(hand.hands[seat], key=lambda c: (c.suit is None, str(c.suit), c.rank))
        marked = list(hand.dealt_kitty) if hand.phase == "burying" and seat == hand.dealer else []
        area = pygame.Rect(box.x + round(8 * s), box.y + round(30 * s), box.w - round(16 * s), box.h - round(36 * s))
        self.fan(surface, cards, area, max_rows=4, marked=marked)

    def fan(self, surface, cards, area: pygame.Rect, max_rows: int = 3, marked=()) -> None:
        """Cards in overlapping rows, as large as the area allows with every index readable."""
        n = len(cards)
        if n == 0 or area.w <= 0 or area.h <= 0:
            return
        best = None
        for rows in range(1, max_rows + 1):
            per = math.ceil(n / rows)
            by_height = area.h / (1 + 0.5 * (rows - 1))
            width_per_height = card_width(100) / 100
            by_width = area.w / (width_per_height * (1 + 0.34 * (per - 1)))
            h = min(by_height, by_width, 150 * self.scale)
            if best is None or h > best[0] + 0.5:
                best = (h, rows, per)
        if best is None:  # no room at all
            return
        h, rows, per = best
        h = max(20, int(h))
        cw = card_width(h)
        left = list(marked)
        for i, card in enumerate(cards):
            r, c = divmod(i, per)
            in_row = min(per, n - r * per)
            step = min(cw * 0.55, (area.w - cw) / max(1, in_row - 1)) if in_row > 1 else 0
            x = area.x + (area.w - (cw + step * (in_row - 1))) / 2 + c * step
            y = area.y + r * h * 0.5
            variant = "normal"
            if card in left:
                left.remove(card)
                variant = "highlight"
            surface.blit(card_image(card, h, variant), (x, y))

    def draw_centre(self, surface, box: pygame.Rect, hand: Hand) -> None:
        s = self.scale
        trick = hand.tricks[-1] if hand.tricks else None
        if hand.phase in (PLAYING, SETTLED) and trick is not None:
            # The four plays around the centre, as on the table; the winner outlined.
            h = round(min(box.h * 0.34, 120 * s))
            cx, cy = box.center
            dx, dy = min(box.w * 0.3, h * 1.9), box.h * 0.32
            spots = {0: (cx, cy + dy), 1: (cx + dx, cy), 2: (cx, cy - dy), 3: (cx - dx, cy)}
            for seat, cards in trick.plays:
                sx, sy = spots[seat]
                cw = card_width(h)
                step = min(cw * 0.32, (box.w * 0.36 - cw) / max(1, len(cards) - 1)) if len(cards) > 1 else 0
                x0 = sx - (cw + step * (len(cards) - 1)) / 2
                if trick.complete and seat == trick.winner:
                    outline = pygame.Rect(
                        round(x0) - 4, round(sy - h / 2) - 4, round(cw + step * (len(cards) - 1)) + 8, h + 8
                    )
                    pygame.draw.rect(
                        surface, theme.GOLD, outline, width=max(2, round(3 * s)), border_radius=round(8 * s)
                    )
                for i, card in enumerate(cards):
                    surface.blit(card_image(card, h), (x0 + i * step, sy - h / 2))
            if hand.phase == SETTLED and hand.settlement is not None:
                text = tr("hand_end.defender_points", points=hand.settlement.total)
                blit_text(surface, text, round(20 * s), (cx, cy), theme.GOLD, True, anchor="center")
            return
        cx, cy = box.center
        if hand.bidding.shown:
            decl = hand.bidding.shown[-1]
            h = round(min(box.h * 0.35, 110 * s))
            cw = card_width(h)
            x0 = cx - (cw + cw * 0.5 * (len(decl.cards) - 1)) / 2
            for i, card in enumerate(decl.cards):
                surface.blit(card_image(card, h), (x0 + i * cw * 0.5, cy - h / 2 - round(16 * s)))
            blit_text(
                surface,
                declaration_text(decl, None, self.names),
                round(16 * s),
                (cx, cy + h / 2),
                theme.INK,
                anchor="midtop",
            )
        else:
            blit_text(
                surface,
                tr("replay.dealt", n=hand.dealt, total=hand.to_deal),
                round(18 * s),
                (cx, cy),
                theme.INK_DIM,
                anchor="center",
            )

    def caption(self, hand: Hand) -> str:
        """What the last step did, in words."""
        upto = self.replay.steps[self.step]
        if upto == 0:
            return tr("replay.start")
        action = self.replay.hand.log[upto - 1]
        if action.kind == DEAL:
            return tr("replay.dealt", n=hand.dealt, total=hand.to_deal)
        if action.kind == DECLARE:
            return declaration_text(hand.bidding.shown[-1], None, self.names)
        if action.kind == FINISH_DEAL:
            if hand.phase == AFTER_DEAL:
                return tr("declare.defenders_window")
            if hand.phase == BURYING:
                assert hand.ctx is not None and hand.dealer is not None  # the deal closed on a dealer
                trump = suit_text(hand.ctx.trump_suit)
                lead = (
                    tr("table.trump_value", trump=trump)
                    if hand.trump_declared
                    else tr("declare.none_kitty", trump=trump)
                )
                return lead + "  ·  " + about("kitty.pick_up", hand.dealer, None, self.names)
            return tr("declare.none_redeal")
        seat = action.seat
        if action.kind == BURY and seat is not None:
            return tr("replay.buried", player=seat_name(seat, None, self.names))
        if action.kind == PLAY and seat is not None:
            trick = hand.tricks[-1]
            cards = next(c for s, c in trick.plays if s == seat)
            if len(trick.plays) == 1:
                text = tr("replay.leads", player=seat_name(seat, None, self.names), cards=cards_text(cards))
                if trick.attempted:
                    text = about("throw.failed", seat, None, self.names, cards=cards_text(cards))
            else:
                text = tr("replay.plays", player=seat_name(seat, None, self.names), cards=cards_text(cards))
            if trick.complete and trick.winner is not None:
                text += "  ·  " + tr(
                    "replay.trick_to", player=seat_name(trick.winner, None, self.names), points=trick.points
                )
            return text
        return ""
