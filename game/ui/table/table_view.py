"""Drawing the table scene: reads its visual state, never changes it."""

from __future__ import annotations

from functools import lru_cache
import math

import pygame

from game.core import BURYING, PLAYING
from game.i18n import get_language, tr
from game.ui.kit import theme
from game.ui.kit.avatars import avatar
from game.ui.kit.cardview import back_image, card_image, card_width, shadow
from game.ui.kit.names import player_kind, seat_name, suit_text, team_name
from game.ui.kit.theme import blit_text

THINKING_STEPS = 12
"""Steps a second of the thinking indicator (the scene redraws it only when one is due)."""


def draw_thinking(
    surface: pygame.Surface,
    face: pygame.Rect,
    name: pygame.Rect,
    room: int,
    seconds: float,
    budget: float | None,
    s: float,
) -> None:
    """A bot is thinking: a ring round its avatar and three dots after its name. A searching
    level's ring fills in gold over its think budget (the time its search may take); every
    bot's ring has a bright arc going round, and the dots light in turn."""
    width = max(3, round(4 * s))
    ring = face.inflate(2 * width - 2, 2 * width - 2)
    pygame.draw.ellipse(surface, (16, 52, 38), ring, width)
    top = math.pi / 2
    if budget is not None:
        used = min(1.0, seconds / budget)
        if used > 0.01:
            pygame.draw.arc(surface, theme.GOLD, ring, top - used * 2 * math.pi, top, width)
    step = int(seconds * THINKING_STEPS)
    start = top - (step % THINKING_STEPS) * 2 * math.pi / THINKING_STEPS
    pygame.draw.arc(surface, theme.INK, ring, start - math.pi / 4, start, width)
    r = max(2, round(3 * s))
    x, y = name.right + round(6 * s) + r, name.centery + round(2 * s)
    if x + 5 * r * 2 > name.left + room:
        return  # no room after a long name: the ring alone says it
    lit = (step // 4) % 3
    for i in range(3):
        pygame.draw.circle(surface, theme.GOLD if i == lit else theme.INK_DIM, (x + i * 3 * r, y), r)


@lru_cache(maxsize=8)
def winner_star(size: int) -> pygame.Surface:
    """The gold star on the pile that wins (or is winning) the trick."""
    big = size * 4
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    c = big / 2
    points = []
    for i in range(10):
        r = c * (0.95 if i % 2 == 0 else 0.42)
        a = -math.pi / 2 + i * math.pi / 5
        points.append((c + r * math.cos(a), c + r * math.sin(a)))
    pygame.draw.circle(surf, (20, 40, 30, 200), (c, c), c * 0.98)
    pygame.draw.polygon(surf, theme.GOLD, points)
    return pygame.transform.smoothscale(surf, (size, size))


class TableView:
    """The painter of one ``TableScene``."""

    def __init__(self, scene):
        self.scene = scene

    @property
    def lay(self):
        return self.scene.lay

    # ------------------------------------------------------------------ geometry shared with the scene

    def back_slot(self, pos: int, index: int) -> tuple[float, float]:
        """Top-left of the ``index``-th face-down card of an opponent's fan."""
        lay = self.lay
        (x, y), (_dx, _) = lay.backs_anchor(pos)
        n = max(index + 1, self.scene.anim.counts[pos], 1)
        span = lay.plate[0] * (1.6 if pos == 2 else 1.0) - lay.small_h * 0.7
        step = min(lay.small_h * 0.22, span / max(1, n - 1))
        if pos in (1, 3):
            x = lay.plate_rect(pos).x
            return (x + index * step, y)
        return (x + index * step, y)

    def info_rect(self, right: bool) -> pygame.Rect:
        """The trump panel (top left) or the points panel (top right)."""
        lay = self.lay
        s = lay.scale
        h = round(86 * s) + lay.tiny_h
        x = lay.width - round(14 * s) - lay.info_w if right else round(14 * s)
        return pygame.Rect(x, lay.bar_h + round(8 * s), lay.info_w, h)

    def kitty_slot(self) -> tuple[float, float]:
        """Where the buried kitty lies: the right end of the trump panel's last row."""
        rect = self.info_rect(False)
        lay = self.lay
        return (
            rect.right - round(12 * lay.scale) - lay.tiny_h * 0.7 - 14,
            rect.bottom - round(8 * lay.scale) - lay.tiny_h,
        )

    def banner_y(self) -> float:
        """Between the top seat's plate and the top of the trick."""
        lay = self.lay
        top = lay.plate_rect(2).bottom
        pile = lay.trick_center(2)[1] - lay.trick_h / 2
        return (top + pile) / 2

    # ------------------------------------------------------------------ the frame

    def draw(self, surface: pygame.Surface) -> None:
        scene, lay = self.scene, self.lay
        theme.draw_felt(surface)
        self.draw_bar(surface)
        self.draw_trump_panel(surface)
        self.draw_points_panel(surface)
        self.draw_centre(surface)
        for pos in range(4):
            self.draw_seat(surface, pos)
        self.draw_piles(surface)
        scene.hand_view.draw(surface)
        colour = scene.app.settings.card_back
        for flight in scene.anim.flights:
            flight.draw(surface, colour)
        text, ink = scene.prompt()
        if text:
            size, lines, box = self.prompt_lines(text)
            theme.panel(surface, box, (8, 30, 22, 200), 10)
            line_h = round(size * 1.3)
            pad = round(4 * lay.scale)
            for i, line in enumerate(lines):
                blit_text(surface, line, size, (box.centerx, box.y + pad + i * line_h), ink, anchor="midtop")
        for button in scene.controls:
            button.draw(surface)
        scene.menu_button.draw(surface)
        scene.rules_button.draw(surface)
        if scene.anim.banner is not None:
            self.draw_banner(surface, *scene.anim.banner)

    def draw_bar(self, surface: pygame.Surface) -> None:
        scene, lay = self.scene, self.lay
        s = lay.scale
        bar = pygame.Rect(0, 0, lay.width, lay.bar_h)
        pygame.draw.rect(surface, (9, 44, 32), bar)
        pygame.draw.line(surface, (60, 120, 95), bar.bottomleft, bar.bottomright, 1)
        match = scene.driver.match
        # Both teams' levels in their colours, right-aligned before the buttons; drawn first so
        # the left-hand line knows how much room is left.
        levels = scene.anim.obs.levels
        x = scene.auto.bar_left(scene.rules_button.rect.left) - round(24 * s)
        for team in (1, 0):
            level = tr("table.level", rank=levels[team].label)
            room = round(lay.width * 0.13)
            name = theme.fit_text(team_name(team, scene.viewer, scene.names), lay.font, room, bold=True)
            r = blit_text(
                surface,
                f"{name}  {level}",
                lay.font,
                (x, lay.bar_h // 2),
                theme.TEAM_COLOURS[team],
                True,
                anchor="midright",
            )
            x = r.left - round(22 * s)
        room = x - round(14 * s)
        # What the line can lose first: the long ruleset name, then the mode. No seed: whoever
        # sits here could compute every hidden hand from it (the hand's end panel shows its own).
        full = match.ruleset.text(match.ruleset.name, get_language())
        mode = tr("new_match.mode_" + scene.driver.settings.mode)
        rest = [tr("table.hand_number", n=scene.anim.hand_number)]
        if scene.minutes_left is not None and not match.time_up:
            rest.append(tr("table.time_left", minutes=scene.minutes_left))
        rest += scene.bar_parts()  # the modes: hand n of N, the match score
        short = full.split(" · ")[0]
        for parts in ([full, *rest[:1], mode, *rest[1:]], [short, *rest[:1], mode, *rest[1:]], [short, *rest], rest):
            left = "  ·  ".join(parts)
            if theme.text(left, lay.font_small).get_width() <= room:
                break
        left = theme.fit_text(left, lay.font_small, room)
        blit_text(surface, left, lay.font_small, (round(14 * s), lay.bar_h // 2), theme.INK_DIM, anchor="midleft")

    def draw_trump_panel(self, surface: pygame.Surface) -> None:
        scene, lay = self.scene, self.lay
        s = lay.scale
        rect = self.info_rect(False)
        theme.panel(surface, rect)
        x, y = rect.x + round(12 * s), rect.y + round(8 * s)
        obs = scene.anim.obs
        rank = obs.rank if (obs.dealer is not None or obs.first_hand) else None
        blit_text(surface, tr("table.trump"), lay.font_small, (x, y), theme.INK_DIM)
        if rank is not None:
            blit_text(
                surface,
                tr("table.level", rank=rank.label),
                lay.font_small,
                (rect.right - round(12 * s), y),
                theme.GOLD,
                True,
                anchor="topright",
            )
        y += round(22 * s)
        trump_known = scene.anim.ctx is not None or scene.anim.declarations
        if trump_known:
            trump = scene.anim.ctx.trump_suit if scene.anim.ctx is not None else scene.anim.declarations[-1].trump
            colour = theme.RED if trump is not None and trump.is_red else theme.INK
            blit_text(surface, suit_text(trump), lay.font_big, (x, y), colour, True)
        else:
            blit_text(surface, tr("table.trump_pending"), lay.font, (x, y + round(4 * s)), theme.INK_DIM)
        y = rect.bottom - round(8 * s) - lay.tiny_h
        h = lay.tiny_h
        if scene.anim.declarations:
            decl = scene.anim.declarations[-1]
            for i, card in enumerate(decl.cards):
                surface.blit(card_image(card, h), (x + i * h * 0.45, y))
            blit_text(
                surface,
                seat_name(decl.seat, scene.viewer, scene.names),
                lay.font_small,
                (x + h * 0.75 + h * 0.45 * (len(decl.cards) - 1) + round(6 * s), y + h / 2),
                theme.INK,
                anchor="midleft",
            )
        elif scene.anim.ctx is not None:
            blit_text(surface, tr("table.from_kitty"), lay.font_small, (x, y + h / 2), theme.INK_DIM, anchor="midleft")
        # The buried kitty, face down, at the row's right end.
        if scene.anim.buried:
            kx, ky = self.kitty_slot()
            back = back_image(h, scene.app.settings.card_back)
            for i in range(min(scene.anim.buried, 8)):
                surface.blit(back, (kx + i * 2, ky))
            blit_text(
                surface,
                tr("table.kitty"),
                lay.font_small,
                (kx - round(6 * s), ky + h / 2),
                theme.INK_DIM,
                anchor="midright",
            )

    def draw_points_panel(self, surface: pygame.Surface) -> None:
        scene, lay = self.scene, self.lay
        s = lay.scale
        rect = self.info_rect(True)
        theme.panel(surface, rect)
        x, y = rect.x + round(12 * s), rect.y + round(8 * s)
        label = blit_text(surface, tr("table.points"), lay.font_small, (x, y), theme.INK_DIM)
        if scene.anim.dealer is not None:
            defenders = 1 - scene.anim.dealer % 2
            room = rect.right - round(12 * s) - label.right - round(12 * s)
            text = theme.fit_text(
                tr("table.defenders_are", team=team_name(defenders, scene.viewer, scene.names)),
                lay.font_small,
                room,
                bold=True,
            )
            blit_text(
                surface,
                text,
                lay.font_small,
                (rect.right - round(12 * s), y),
                theme.TEAM_COLOURS[defenders],
                True,
                anchor="topright",
            )
        y += round(20 * s)
        total = scene.anim.obs.ruleset.total_points
        r = blit_text(surface, f"{scene.anim.def_points}", round(lay.font_big * 1.3), (x, y), theme.GOLD, True)
        blit_text(
            surface,
            f"/ {total}",
            lay.font_small,
            (r.right + round(8 * s), r.bottom - round(8 * s)),
            theme.INK_DIM,
            anchor="bottomleft",
        )
        h = lay.tiny_h
        y = rect.bottom - round(8 * s) - h
        cards = scene.anim.point_cards
        if cards:
            width = rect.w - round(24 * s) - h * 0.7
            step = min(h * 0.36, width / max(1, len(cards) - 1))
            for i, card in enumerate(cards):
                surface.blit(card_image(card, h), (x + i * step, y))

    def draw_centre(self, surface: pygame.Surface) -> None:
        scene, lay = self.scene, self.lay
        if scene.anim.deck_left <= 0 and scene.anim.centre_kitty <= 0:
            return
        h = lay.small_h
        cx, cy = lay.deck_point()
        n = scene.anim.deck_left + scene.anim.centre_kitty
        back = back_image(h, scene.app.settings.card_back)
        for i in range(min(6, max(1, n // 12))):
            surface.blit(back, (cx - h * 0.35 - i * 1.5, cy - h / 2 - i * 1.5))
        if scene.anim.deck_left > 0:
            blit_text(
                surface, str(scene.anim.deck_left), lay.font_small, (cx, cy + h / 2 + 4), theme.INK_DIM, anchor="midtop"
            )

    def draw_seat(self, surface: pygame.Surface, pos: int) -> None:
        scene, lay = self.scene, self.lay
        s = lay.scale
        seat = scene.seat_at(pos)
        rect = lay.plate_rect(pos)
        team_colour = theme.TEAM_COLOURS[seat % 2]
        turn = scene.turn == seat and scene.anim.obs.phase in (BURYING, PLAYING)
        theme.panel(surface, rect, (8, 34, 25, 215), round(12 * s), theme.GOLD if turn else team_colour)
        if turn:
            pygame.draw.rect(surface, theme.GOLD, rect.inflate(6, 6), width=2, border_radius=round(14 * s))
        controller = scene.driver.controllers[seat]
        # The avatar at the plate's left; the texts start after it.
        inset = round(6 * s)
        face = avatar("person" if controller.human else "bot", rect.h - 2 * inset, team_colour, seat)
        surface.blit(face, (rect.x + inset, rect.y + inset))
        pad = round(12 * s)
        left = rect.x + inset + face.get_width() + round(8 * s)
        # The name keeps clear of the dealer's badge in the plate's top-right corner.
        room = rect.right - pad - left - (round(30 * s) if scene.anim.dealer == seat else 0)
        name = theme.fit_text(seat_name(seat, scene.viewer, scene.names), lay.font, room, bold=True)
        named = blit_text(surface, name, lay.font, (left, rect.y + round(6 * s)), theme.INK, True)
        thinking = scene.thinking
        if thinking is not None and thinking[0] == seat:
            face_rect = face.get_rect(topleft=(rect.x + inset, rect.y + inset))
            draw_thinking(surface, face_rect, named, room, thinking[1], scene.thinking_budget(seat), s)
        handed_over = scene.auto.plate_label(seat)  # 托管: the computer plays this person's seat
        level = handed_over or player_kind(controller)
        ink = theme.GOLD if handed_over else team_colour
        blit_text(
            surface,
            level,
            lay.font_small,
            (left, rect.bottom - round(6 * s)),
            ink,
            handed_over is not None,
            anchor="bottomleft",
        )
        count = len(scene.hand_view.entries) if pos == 0 else scene.anim.counts[pos]
        count_text = tr("table.cards_left_one") if count == 1 else tr("table.cards_left", n=count)
        blit_text(
            surface,
            count_text,
            lay.font_small,
            (rect.right - pad, rect.bottom - round(6 * s)),
            theme.INK_DIM,
            anchor="bottomright",
        )
        if scene.anim.dealer == seat:
            r = round(13 * s)
            centre = (rect.right - r - round(4 * s), rect.y + r + round(4 * s))
            pygame.draw.circle(surface, theme.GOLD, centre, r)
            blit_text(surface, tr("table.dealer_badge"), lay.font_small, centre, theme.INK_DARK, True, anchor="center")
        if pos != 0:
            back = back_image(lay.small_h, scene.app.settings.card_back)
            for i in range(scene.anim.counts[pos]):
                surface.blit(back, self.back_slot(pos, i))
        # A declaration stays beside its seat while the bidding is open.
        if scene.anim.ctx is None:
            mine = [d for d in scene.anim.declarations if d.seat == seat]
            if mine:
                h = lay.tiny_h
                box = self.declaration_rect(pos, len(mine[-1].cards))
                for i, card in enumerate(mine[-1].cards):
                    surface.blit(card_image(card, h), (box.x + i * h * 0.5, box.y))

    def declaration_rect(self, pos: int, n: int) -> pygame.Rect:
        """Where a seat's declaration cards lie while the bidding is open."""
        lay = self.lay
        s = lay.scale
        rect = lay.plate_rect(pos)
        h = lay.tiny_h
        w = card_width(h) + h * 0.5 * max(0, n - 1)
        # Beside the plate, clear of what lies below it (the practice tools, the card counter).
        if pos == 0:
            x, y = rect.centerx - h * 0.35, rect.top - h - round(6 * s)
        elif pos == 2:
            x, y = rect.centerx - h * 0.35, rect.bottom + round(6 * s)
        elif pos == 3:
            x, y = rect.right + round(8 * s), rect.centery - h / 2
        else:
            x, y = rect.x - round(8 * s) - w, rect.centery - h / 2
        return pygame.Rect(round(x), round(y), round(w), h)

    def draw_piles(self, surface: pygame.Surface) -> None:
        scene, lay = self.scene, self.lay
        # A peek at the last trick (held) lies where the current trick does.
        peek = scene.peek.piles()
        piles, winning = peek if peek is not None else (scene.anim.piles, scene.anim.winning_pile)
        for pos in range(4):
            cards = piles[pos]
            if not cards:
                continue
            positions = lay.row_positions(len(cards), lay.trick_center(pos), lay.trick_h, lay.width * 0.3)
            dim = scene.anim.dimmed[pos] if peek is None else set()
            shade, margin = shadow(lay.trick_h)
            lift = max(2, round(3 * lay.scale))  # the light comes from the top left
            for x, y in positions:
                surface.blit(shade, (round(x) - margin + lift, round(y) - margin + lift + 1))
            for i, (card, xy) in enumerate(zip(cards, positions)):
                surface.blit(card_image(card, lay.trick_h, "disabled" if i in dim else "normal"), xy)
            if winning == pos:
                box = self.pile_box(pos, len(cards)).inflate(6, 6)
                pygame.draw.rect(
                    surface, theme.GOLD, box, width=max(2, round(3 * lay.scale)), border_radius=round(10 * lay.scale)
                )
                star = winner_star(max(12, round(26 * lay.scale)))
                surface.blit(star, star.get_rect(center=box.topright))

    def seat_region(self, pos: int, count: int | None = None) -> pygame.Rect:
        """A seat's plate, its fan of backs and its declaration cards (partial updates)."""
        lay = self.lay
        rect = lay.plate_rect(pos).inflate(12, 12)
        rect.h += lay.tiny_h + round(14 * lay.scale)
        if pos == 0:
            rect.y -= lay.tiny_h + round(14 * lay.scale)
        else:
            n = max(1, self.scene.anim.counts[pos] if count is None else count)
            first = self.back_slot(pos, 0)
            last = self.back_slot(pos, n - 1)
            fan = pygame.Rect(
                round(first[0]) - 2,
                round(first[1]) - 2,
                round(last[0] - first[0] + lay.small_h * 0.75) + 6,
                lay.small_h + 6,
            )
            rect.union_ip(fan)
        rect.union_ip(self.declaration_rect(pos, 4).inflate(8, 8))
        return rect

    def thinking_region(self, pos: int) -> pygame.Rect:
        """A plate with its thinking indicator (the indicator's frames redraw only this)."""
        return self.lay.plate_rect(pos).inflate(12, 12)

    def pile_box(self, pos: int, n: int) -> pygame.Rect:
        """The cards of a seat's pile in the trick."""
        lay = self.lay
        corners = lay.row_positions(max(1, n), lay.trick_center(pos), lay.trick_h, lay.width * 0.3)
        w = lay.trick_h * 0.75
        return pygame.Rect(
            round(corners[0][0]) - 2,
            round(corners[0][1]) - 2,
            round(corners[-1][0] - corners[0][0] + w) + 6,
            lay.trick_h + 6,
        )

    def pile_region(self, pos: int, n: int) -> pygame.Rect:
        """What a pile changes on screen: its cards, their shadows and the winner's star."""
        grow = 2 * (shadow(self.lay.trick_h)[1] + round(16 * self.lay.scale))
        return self.pile_box(pos, n).inflate(grow, grow)

    def deck_region(self) -> pygame.Rect:
        lay = self.lay
        cx, cy = lay.deck_point()
        h = lay.small_h
        return pygame.Rect(round(cx - h), round(cy - h), round(2 * h), round(2 * h) + lay.font_small + 8)

    def hand_region(self) -> pygame.Rect:
        """The whole strip of the person's hand."""
        lay = self.lay
        top = lay.hand_y - lay.raise_by - 12
        return pygame.Rect(0, top, lay.width, lay.height - top)

    def focus_region(self) -> pygame.Rect:
        """The keyboard focus mark moves with its card."""
        return self.hand_region()

    def prompt_span(self) -> tuple[int, int]:
        """The felt free for the line above the buttons: right of the person's plate and of
        the practice tools, left of the card counter when it is open (and as far from the
        right edge as the plate is from the left, so a short line stays centred)."""
        scene, lay = self.scene, self.lay
        gap = round(10 * lay.scale)
        left = lay.plate_rect(0).right
        if scene.tools:
            left = max(left, scene.practice.tools_rect().right)
        left += gap
        right = lay.width - left
        if scene.practice.counter_open():
            right = min(right, scene.practice.counter_rect().left - gap)
        return left, max(left + 1, right)

    def prompt_lines(self, text: str) -> tuple[int, list[str], pygame.Rect]:
        """The prompt (a why-not reason can be long) wrapped into the free span, at a smaller
        size when it would take more than two lines: (size, lines, its panel)."""
        lay = self.lay
        s = lay.scale
        left, right = self.prompt_span()
        room = right - left - round(24 * s)
        size = lay.font
        lines = theme.wrap(text, size, room)
        while len(lines) > 2 and size > lay.font_small:
            size -= 1
            lines = theme.wrap(text, size, room)
        width = max(theme.text(line, size).get_width() for line in lines)
        line_h = round(size * 1.3)
        box = pygame.Rect(0, 0, width + round(24 * s), len(lines) * line_h + round(8 * s))
        bottom = lay.buttons_y() - round(4 * s)
        if self.scene.controls:
            bottom = self.scene.controls[0].rect.top - round(2 * s)
        # Centred on the window when the line fits there, else in the free span.
        centre = lay.width // 2
        if centre - box.w // 2 < left or centre + box.w // 2 > right:
            centre = (left + right) // 2
        box.midbottom = (centre, bottom)
        return size, lines, box

    def prompt_top(self) -> int:
        """Where the prompt's panel begins (the hint's note goes above it)."""
        text, _ = self.scene.prompt()
        if not text:
            return self.lay.buttons_y() - round(8 * self.lay.scale) - self.lay.font * 2
        return self.prompt_lines(text)[2].top

    def prompt_region(self) -> pygame.Rect:
        """The lines above the hand and the buttons under it."""
        lay = self.lay
        top = lay.buttons_y() - lay.font * 5
        return pygame.Rect(0, top, lay.width, lay.hand_y - lay.raise_by - top)

    def banner_rect(self) -> pygame.Rect:
        """The banner's box (for a partial screen update while it fades)."""
        if self.scene.anim.banner is None:
            return pygame.Rect(0, 0, 0, 0)
        return self._banner_box(theme.text(self.scene.anim.banner[0], self.lay.font, self.scene.anim.banner[2], True))

    def _banner_box(self, rendered: pygame.Surface) -> pygame.Rect:
        lay = self.lay
        size = rendered.get_rect().inflate(round(30 * lay.scale), round(14 * lay.scale)).size
        box = pygame.Rect((0, 0), size)
        box.center = (lay.width // 2, round(self.banner_y()))
        return box

    def draw_banner(self, surface: pygame.Surface, text: str, left: float, colour) -> None:
        lay = self.lay
        rendered = theme.text(text, lay.font, colour, True)
        box = self._banner_box(rendered)
        size = box.size
        # Fade out over the last 0.3 s: the panel and the text share one alpha.
        alpha = max(0.0, min(1.0, left / 0.3))
        panel = theme.translucent(size, (6, 24, 18, round(15 * round(15 * alpha))), round(12 * lay.scale))
        surface.blit(panel, box)
        if alpha < 1:
            rendered = rendered.copy()
            rendered.set_alpha(round(255 * alpha))
        surface.blit(rendered, rendered.get_rect(center=box.center))
