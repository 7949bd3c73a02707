"""The end of a hand (kitty, points, level change) and the end of a match (winner, history)."""

from __future__ import annotations

import pygame

from game.app.records import Records
from game.core import Hand, HandSummary, Match, Rank, Suit, points_of
from game.i18n import tr
from game.ui.kit import theme
from game.ui.kit.cardview import back_image, card_image
from game.ui.kit.celebration import Confetti
from game.ui.kit.names import PLAIN, TableNames, seat_name, suit_text, team_name
from game.ui.kit.scene import Scene
from game.ui.kit.theme import blit_text, scale_for
from game.ui.kit.tween import Tween, ease_out_back
from game.ui.kit.widgets import Button, play_sound


def _trump_label(code: str) -> str:
    return suit_text(None if code == "NT" else Suit(code))


class HandEndScene(Scene):
    """Over the table: the kitty face up, the defenders' total, the levels moving."""

    opaque = False

    def __init__(self, app, table, hand: Hand, summary: HandSummary):
        super().__init__(app)
        self.table = table
        self.hand = hand
        self.summary = summary
        self.viewer = table.viewer
        self.names: TableNames = table.names
        self.match: Match = table.driver.match
        self.level_tween = Tween(0.7 / max(0.1, app.speed), ease_out_back, delay=0.6 / max(0.1, app.speed))
        self.sounded = False
        self.auto = 2.8 / max(0.1, app.speed) if app.options.autoplay else None
        self.button = Button(lambda: tr("button.continue"), self.proceed, primary=True, key=pygame.K_RETURN)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.scale = 1.0
        self.done = False
        # Our team went up (any team, when bots play all four): a moment of celebration.
        self.cheer = summary.up_levels > 0 and (self.viewer is None or summary.up_team == self.viewer % 2)
        self.confetti: Confetti | None = None
        # The kitty turns face up card by card (at once with *reduce motion*).
        self.reveal = 0.0
        self.reveal_end = 0.0 if app.settings.reduce_motion else (0.3 + 0.07 * len(hand.kitty)) / max(0.1, app.speed)

    def proceed(self) -> None:
        """Close the panel (or quit after --hands N)."""
        if self.done:
            return
        self.done = True
        hands = self.app.options.hands
        if hands is not None and self.app.hands_done >= hands:
            self.app.quit(0)
            return
        self.app.pop()

    def layout(self, size) -> None:
        self.scale = s = scale_for(size)
        self.box = pygame.Rect(0, 0, round(min(size[0] - 40, 760 * s)), round(min(size[1] - 30, 590 * s)))
        self.box.center = (size[0] // 2, size[1] // 2)
        self.button.rect = pygame.Rect(0, 0, round(220 * s), round(46 * s))
        self.button.rect.midbottom = (self.box.centerx, self.box.bottom - round(18 * s))
        self.button.font_size = round(20 * s)
        if self.cheer and not self.app.settings.reduce_motion and self.confetti is None:
            self.confetti = Confetti(pygame.Rect((0, 0), size), self.summary.seed * 31 + self.summary.number, scale=s)

    def handle_event(self, e) -> None:
        self.button.handle_event(e)

    def animating(self) -> bool:
        return (
            not self.level_tween.done
            or not self.sounded
            or self.reveal < self.reveal_end
            or (self.confetti is not None and not self.confetti.done)
        )

    def update(self, dt: float) -> None:
        self.level_tween.update(dt)
        self.reveal += dt
        if self.confetti is not None and self.level_tween.done:
            self.confetti.update(dt)
        if self.level_tween.done and not self.sounded:
            self.sounded = True
            if self.summary.up_levels:
                play_sound("level_up")
        if self.auto is not None:
            self.auto -= dt
            if self.auto <= 0:
                self.proceed()

    def draw(self, surface) -> None:
        s = self.scale
        surface.blit(theme.translucent(surface.get_size(), (0, 0, 0, 110)), (0, 0))
        box = self.box
        theme.panel(surface, box, theme.PANEL_SOLID, round(18 * s), theme.GOLD)
        cx = box.centerx
        y = box.y + round(18 * s)
        blit_text(surface, tr("hand_end.title"), round(30 * s), (cx, y), theme.GOLD, True, anchor="midtop")
        y += round(44 * s)
        hand, st = self.hand, self.hand.settlement
        # The hand's own seed, now that its cards are all known: it tells nothing about the
        # next deals (each is a keyed hash of the match's seed, which stays hidden).
        seed = theme.fit_text(tr("hand_end.deal_seed", seed=hand.setup.seed), round(13 * s), box.w - round(40 * s))
        blit_text(surface, seed, round(13 * s), (cx, y), theme.INK_DIM, anchor="midtop")
        y += round(22 * s)
        assert st is not None and hand.dealer is not None  # the panel shows a settled hand
        # The kitty, face up at last.
        kitty = list(hand.kitty)
        h = round(70 * s)
        step = min(h * 0.55, (box.w - round(80 * s)) / max(1, len(kitty)))
        x0 = cx - (h * 0.7 + step * (len(kitty) - 1)) / 2
        blit_text(
            surface,
            tr("kitty.revealed") + f"  ({tr('hand_end.kitty_worth', points=points_of(kitty))})",
            round(16 * s),
            (cx, y),
            theme.INK_DIM,
            anchor="midtop",
        )
        y += round(24 * s)
        for i, card in enumerate(kitty):
            self._draw_turning(surface, card, h, (x0 + i * step, y), i)
        y += h + round(14 * s)
        lines = [tr("hand_end.trick_points", points=hand.trick_points)]
        if hand.penalties:
            lines.append(tr("hand_end.penalties", points=hand.penalties))
        if st.multiplier:
            kp = points_of(kitty)
            lines.append(tr("hand_end.kitty_points", points=kp, multiplier=st.multiplier, total=kp * st.multiplier))
        else:
            lines.append(tr("hand_end.kitty_kept"))
        for line in lines:
            blit_text(surface, line, round(18 * s), (cx, y), theme.INK, anchor="midtop")
            y += round(26 * s)
        blit_text(
            surface,
            tr("hand_end.defender_points", points=st.total),
            round(26 * s),
            (cx, y),
            theme.GOLD,
            True,
            anchor="midtop",
        )
        y += round(40 * s)
        dealer_team = hand.dealer % 2
        if st.deal_to == "dealers":
            outcome = tr("hand_end.dealers_hold", team=team_name(dealer_team, self.viewer, self.names))
        else:
            outcome = tr("hand_end.defenders_take", team=team_name(1 - dealer_team, self.viewer, self.names))
        if st.total == 0:
            outcome = tr("hand_end.sweep") + "  " + outcome
        for line in theme.wrap(outcome, round(18 * s), box.w - round(60 * s)):
            blit_text(surface, line, round(18 * s), (cx, y), theme.INK, anchor="midtop")
            y += round(26 * s)
        y += round(6 * s)
        self._draw_levels(surface, y)
        y += round(84 * s)
        if not self.match.over and self.match.dealer is not None:
            blit_text(
                surface,
                tr("hand_end.next_dealer", player=seat_name(self.match.dealer, self.viewer, self.names)),
                round(17 * s),
                (cx, y),
                theme.INK_DIM,
                anchor="midtop",
            )
        self.button.draw(surface)
        if self.cheer and self.app.settings.reduce_motion:
            Confetti.still(surface, box, s, self.summary.seed * 31 + self.summary.number)
        elif self.confetti is not None and self.level_tween.done:
            self.confetti.draw(surface)

    def _draw_turning(self, surface, card, h: int, pos, i: int) -> None:
        """A kitty card turning over: its back narrows to an edge, its face widens from it."""
        if self.reveal >= self.reveal_end:
            surface.blit(card_image(card, h), pos)
            return
        speed = max(0.1, self.app.speed)
        t = max(0.0, min(1.0, (self.reveal * speed - 0.07 * i) / 0.3))
        image = card_image(card, h) if t >= 0.5 else back_image(h, self.app.settings.card_back)
        width = max(1, round(image.get_width() * abs(1 - 2 * t)))
        turned = pygame.transform.smoothscale(image, (width, image.get_height()))
        surface.blit(turned, (pos[0] + (image.get_width() - width) / 2, pos[1]))

    def _draw_levels(self, surface, y: float) -> None:
        s = self.scale
        before = self.hand.levels
        after = [Rank.parse(x) for x in self.summary.levels_after]
        for team in (0, 1):
            x = self.box.centerx + (team * 2 - 1) * round(150 * s)
            colour = theme.TEAM_COLOURS[team]
            blit_text(
                surface, team_name(team, self.viewer, self.names), round(17 * s), (x, y), colour, True, anchor="midtop"
            )
            changed = after[team] != before[team]
            if not changed:
                blit_text(
                    surface, before[team].label, round(34 * s), (x, y + round(24 * s)), theme.INK, True, anchor="midtop"
                )
                continue
            t = self.level_tween.value
            blit_text(
                surface,
                f"{before[team].label} →",
                round(26 * s),
                (x - round(14 * s), y + round(30 * s)),
                theme.INK_DIM,
                anchor="topright",
            )
            size = max(8, round(34 * s * max(0.05, t)))
            if self.level_tween.started:
                blit_text(
                    surface,
                    after[team].label,
                    size,
                    (x + round(18 * s), y + round(44 * s)),
                    theme.GOLD,
                    True,
                    anchor="center",
                )
            blit_text(
                surface,
                f"+{int(after[team]) - int(before[team])}",
                round(16 * s),
                (x + round(48 * s), y + round(30 * s)),
                theme.GOLD,
                anchor="topleft",
            )

    def phase_name(self) -> str:
        return "hand-end"


class MatchEndScene(Scene):
    """The winner, the final levels, the hands played and a short history."""

    def __init__(self, app, match: Match, viewer: int | None, names: TableNames = PLAIN):
        super().__init__(app)
        self.match = match
        self.viewer = viewer
        self.names = names
        self.menu = Button(lambda: tr("match_end.main_menu"), self.to_menu, primary=True, key=pygame.K_RETURN)
        self.scale = 1.0
        self.auto = 3.0 / max(0.1, app.speed) if app.options.autoplay else None
        self.confetti = Tween(1.2, ease_out_back)
        self.cheer = match.winner is not None and (viewer is None or match.winner == viewer % 2)
        self.paper: Confetti | None = None
        # The hands of this match reviewed by the person (the post-hand analysis).
        self.reviews = (0, 0, 0, 0.0)
        if viewer is not None:
            self.reviews = Records(app.storage.folder).match_reviews(match.seed, viewer)

    def to_menu(self) -> None:
        """Back to the start screen (autoplay quits)."""
        if self.app.options.autoplay and self.app.monkey_left <= 0:
            self.app.quit(0)
            return
        self.app.nav.start()

    def layout(self, size) -> None:
        self.scale = s = scale_for(size)
        self.menu.rect = pygame.Rect(0, 0, round(240 * s), round(48 * s))
        # Under the history table when it is short, at the bottom when it is long.
        rows = len(self.match.history)
        table_bottom = round(330 * s) + round(56 * s) + round(28 * s) * rows + round(40 * s)
        bottom = min(size[1] - round(24 * s), table_bottom + self.menu.rect.h)
        self.menu.rect.midbottom = (size[0] // 2, bottom)
        self.menu.font_size = round(20 * s)
        if self.cheer and not self.app.settings.reduce_motion and self.paper is None:
            self.paper = Confetti(pygame.Rect((0, 0), size), self.match.seed, count=140, duration=3.2, scale=s)

    def handle_event(self, e) -> None:
        self.menu.handle_event(e)

    def animating(self) -> bool:
        return not self.confetti.done or (self.paper is not None and not self.paper.done)

    def update(self, dt: float) -> None:
        self.confetti.update(dt)
        if self.paper is not None:
            self.paper.update(dt)
        if self.auto is not None:
            self.auto -= dt
            if self.auto <= 0:
                self.auto = None
                self.to_menu()

    def draw(self, surface) -> None:
        theme.draw_felt(surface)
        s = self.scale
        w, _h = surface.get_size()
        m = self.match
        cx = w / 2
        y = round(40 * s)
        blit_text(surface, tr("match_end.title"), round(34 * s), (cx, y), theme.INK_DIM, True, anchor="midtop")
        y += round(54 * s)
        if m.winner is not None:
            if self.viewer is not None:
                headline = tr("match_end.you_won" if m.winner == self.viewer % 2 else "match_end.you_lost")
            else:
                headline = tr("match_end.winner", team=team_name(m.winner, None, self.names))
            size = max(8, round(40 * s * self.confetti.value))
            blit_text(surface, headline, size, (cx, y + round(24 * s)), theme.GOLD, True, anchor="center")
        y += round(64 * s)
        us, them = (0, 1) if self.viewer is None or self.viewer % 2 == 0 else (1, 0)
        blit_text(
            surface,
            tr("match_end.final_levels", us=m.levels[us].label, them=m.levels[them].label)
            + f"   ({team_name(us, self.viewer, self.names)} – {team_name(them, self.viewer, self.names)})",
            round(20 * s),
            (cx, y),
            theme.INK,
            anchor="midtop",
        )
        if m.last_won_past_ace and m.winner is not None:
            y += round(30 * s)
            blit_text(
                surface,
                tr("match_end.passed_ace", team=team_name(m.winner, self.viewer, self.names)),
                round(18 * s),
                (cx, y),
                theme.GOLD,
                anchor="midtop",
            )
        y += round(30 * s)
        blit_text(
            surface,
            tr("match_end.hands_played", hands=m.hands_played),
            round(18 * s),
            (cx, y),
            theme.INK,
            anchor="midtop",
        )
        y += round(28 * s)
        if m.ruleset.match_score == "levels-gained":
            blit_text(
                surface,
                tr("match_end.levels_gained", us=m.gained[us], them=m.gained[them]),
                round(18 * s),
                (cx, y),
                theme.INK,
                anchor="midtop",
            )
            y += round(28 * s)
        hands, decisions, good, loss = self.reviews
        if hands:
            blit_text(
                surface,
                tr(
                    "review.match_line", hands=hands, accuracy=round(100 * good / max(1, decisions)), loss=f"{loss:.2f}"
                ),
                round(17 * s),
                (cx, y),
                theme.INK_DIM,
                anchor="midtop",
            )
            y += round(26 * s)
        y += round(10 * s)
        self._draw_history(surface, y)
        self.menu.draw(surface)
        if self.paper is not None:
            self.paper.draw(surface)

    def _draw_history(self, surface, y: float) -> None:
        """A short table: one row per hand, coloured by the team that went up."""
        s = self.scale
        w = surface.get_width()
        row_h = round(28 * s)
        room = max(1, (surface.get_height() - round(72 * s) - y - round(70 * s)) // row_h)
        rows = self.match.history[-room:]
        box = pygame.Rect(0, y, round(min(w - 40, 900 * s)), round(56 * s) + row_h * len(rows))
        box.centerx = w // 2
        theme.panel(surface, box)
        columns = (
            ("col_hand", 0.0),
            ("col_dealer", 0.08),
            ("col_rank", 0.27),
            ("col_trump", 0.34),
            ("col_points", 0.52),
            ("col_result", 0.67),
            ("col_levels", 0.9),
        )
        size = round(16 * s)
        left = box.x + round(18 * s)
        span = box.w - round(36 * s)
        for key, at in columns:
            blit_text(surface, tr("match_end." + key), size, (left + at * span, box.y + round(12 * s)), theme.INK_DIM)
        ry = box.y + round(44 * s)
        for summary in rows:
            team = summary.up_team
            if summary.up_levels:
                result = tr(
                    "match_end.result_up", team=team_name(team, self.viewer, self.names), levels=summary.up_levels
                )
            else:
                result = tr("match_end.result_take", team=team_name(team, self.viewer, self.names))
            cells = (
                str(summary.number),
                seat_name(summary.dealer, self.viewer, self.names),
                summary.rank,
                _trump_label(summary.trump),
                str(summary.total),
                result,
                f"{summary.levels_after[0]} – {summary.levels_after[1]}",
            )
            for i, ((key, at), cell) in enumerate(zip(columns, cells)):
                colour = theme.TEAM_COLOURS[team] if key == "col_result" else theme.INK
                # Long team names are cut to their column, never run into the next one.
                room = round(((columns[i + 1][1] if i + 1 < len(columns) else 1.0) - at) * span) - round(8 * s)
                blit_text(surface, theme.fit_text(cell, size, room), size, (left + at * span, ry), colour)
            ry += row_h

    def phase_name(self) -> str:
        return "match-end"
