"""Drawing an event: a round's matches as cards (the bracket, a round at a time), the group
tables, and the lots of the draw landing in their places. Pure drawing from the event's
values: ``draw_*`` functions change nothing."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.i18n import tr
from game.tournament import Pairing, Tournament
from game.ui.kit import theme
from game.ui.kit.theme import blit_text, fit_text

CARD_COLUMNS = 2
PLAYER_COLOUR = (88, 170, 255)


@dataclass(frozen=True)
class Stage:
    """A tab of the board: the groups, or one knockout round (``number`` within the knockout)."""

    kind: str  # "groups" or "knockout"
    number: int = 0


def stages(event: Tournament) -> list[Stage]:
    out = [Stage("groups")] if event.with_groups else []
    rounds = sorted({int(p.id.split("-")[1]) for p in event.pairings if p.stage == "knockout"})
    return out + [Stage("knockout", n) for n in rounds]


def knockout_rounds(event: Tournament) -> int:
    """How many knockout rounds the event will have (the bracket's size)."""
    qualifiers = 2 * len(event.groups) if event.with_groups else len(event.teams)
    n, size = 0, 1
    while size < qualifiers:
        size, n = size * 2, n + 1
    return max(1, n)


def stage_name(event: Tournament, stage: Stage) -> str:
    if stage.kind == "groups":
        return tr("event.stage.groups")
    left = knockout_rounds(event) - stage.number
    if left == 0:
        return tr("event.stage.final")
    if left == 1:
        return tr("event.stage.semi")
    if left == 2:
        return tr("event.stage.quarter")
    return tr("event.stage.round", n=stage.number)


def stage_matches(event: Tournament, stage: Stage) -> list[Pairing]:
    if stage.kind == "groups":
        return [p for p in event.pairings if p.stage == "group"]
    matches = [p for p in event.pairings if p.stage == "knockout" and p.id.startswith(f"ko-{stage.number}-")]
    if any(p.final for p in matches):
        matches = [p for p in event.pairings if p.stage == "third"] + matches
    return matches


def current_stage(event: Tournament) -> Stage:
    """The stage being played (the last one once the event is over)."""
    all_stages = stages(event)
    for stage in all_stages:
        if any(p.result is None for p in stage_matches(event, stage)):
            return stage
    return all_stages[-1]


def card_rects(area: pygame.Rect, count: int, scale: float) -> list[pygame.Rect]:
    """Up to 16 match cards in two columns, as tall as the area allows."""
    rows = max(1, (count + CARD_COLUMNS - 1) // CARD_COLUMNS)
    gap = round(8 * scale)
    h = min(round(62 * scale), (area.h - gap * (rows - 1)) // rows)
    w = (area.w - gap * (CARD_COLUMNS - 1)) // CARD_COLUMNS
    return [
        pygame.Rect(area.x + (i % CARD_COLUMNS) * (w + gap), area.y + (i // CARD_COLUMNS) * (h + gap), w, h)
        for i in range(count)
    ]


def draw_cards(
    surface: pygame.Surface,
    event: Tournament,
    matches: Sequence[Pairing],
    rects: Sequence[pygame.Rect],
    names: Callable[[str | None], str],
    scale: float,
    fresh: set[str],
    running: set[str],
) -> None:
    """Each match: its teams, their scores, the winner in gold; the player's teams in blue;
    ``fresh``: results just in (a gold frame); ``running``: at a table now."""
    for p, rect in zip(matches, rects):
        mine = any(not event.team(t).bots_only for t in p.teams)
        border = theme.GOLD if p.id in fresh else (PLAYER_COLOUR if mine else (50, 100, 80))
        theme.panel(surface, rect, (8, 36, 26, 215), round(8 * scale), border)
        size = max(11, min(round(15 * scale), rect.h // 3))
        pad = round(8 * scale)
        score_w = round(44 * scale)
        note = tr("event.playing") if p.id in running else _label(p)
        small = max(10, size - 3)
        note_w = theme.text(note, small).get_width() + pad if note else 0
        if note and p.result is None:
            note_w -= score_w  # no score yet: the note takes the score's place
        for i, team in enumerate((p.a, p.b)):
            y = rect.y + rect.h * (1 + 2 * i) // 4
            won = p.result is not None and team is not None and p.result.winner == team
            colour = theme.GOLD if won else (theme.INK_DIM if p.result is not None else theme.INK)
            if team is not None and not event.team(team).bots_only:
                colour = PLAYER_COLOUR if not won else theme.GOLD
            text = names(team) if team is not None else tr("event.bye")
            width = rect.w - 2 * pad - score_w - (note_w if i == 0 else 0)
            blit_text(surface, fit_text(text, size, width, won), size, (rect.x + pad, y), colour, won, anchor="midleft")
            if p.result is not None and p.result.how == "played" and p.b is not None:
                blit_text(surface, str(p.result.score[i]), size, (rect.right - pad, y), colour, won, anchor="midright")
        if note:
            x = rect.right - pad - (score_w if p.result is not None else 0)
            blit_text(surface, note, small, (x, rect.y + rect.h // 4), theme.INK_DIM, anchor="midright")


def _label(p: Pairing) -> str:
    return tr("event.third_match") if p.stage == "third" else ""


def draw_groups(
    surface: pygame.Surface,
    event: Tournament,
    area: pygame.Rect,
    names: Callable[[str | None], str],
    scale: float,
    shown: set[str] | None = None,
) -> None:
    """Each group's table: rank, team, played, won, points, levels gained (``shown``: the
    teams the draw has placed so far; None: all)."""
    count = len(event.groups)
    cols = 1 if count == 1 else 2 if count <= 4 else 3
    rows = (count + cols - 1) // cols
    gap = round(10 * scale)
    w = (area.w - gap * (cols - 1)) // cols
    h = (area.h - gap * (rows - 1)) // rows
    letters = "ABCDEFGHIJKLMNOP"
    for g in range(count):
        box = pygame.Rect(area.x + (g % cols) * (w + gap), area.y + (g // cols) * (h + gap), w, h)
        theme.panel(surface, box, (8, 36, 26, 215), round(8 * scale), (50, 100, 80))
        line = max(12, min(round(26 * scale), box.h // 7))
        size = max(10, min(round(14 * scale), line - 4))
        pad = round(8 * scale)
        blit_text(surface, tr("event.group", letter=letters[g]), size, (box.x + pad, box.y + pad), theme.GOLD, True)
        cols_x = [box.right - pad - round(k * 34 * scale) for k in (3, 2, 1, 0)]
        for k, head in enumerate(("event.col_played", "event.col_won", "event.col_points", "event.col_gained")):
            blit_text(surface, tr(head), size, (cols_x[k], box.y + pad), theme.INK_DIM, anchor="topright")
        table = event.standings(g)
        if shown is not None:  # the draw: the teams in the order they were drawn into the group
            order = {t: i for i, t in enumerate(event.groups[g])}
            table = sorted(table, key=lambda row: order[row.team])
        for r, row in enumerate(table):
            y = box.y + pad + line * (r + 1)
            if y + line > box.bottom:
                break
            hidden = shown is not None and row.team not in shown
            mine = not event.team(row.team).bots_only
            colour = PLAYER_COLOUR if mine else theme.INK
            name = "…" if hidden else names(row.team)
            blit_text(
                surface,
                fit_text(f"{r + 1}. {name}", size, cols_x[0] - round(34 * scale) - box.x - pad),
                size,
                (box.x + pad, y),
                colour,
            )
            if not hidden:
                for k, value in enumerate((row.played, row.won, row.points, row.gained)):
                    blit_text(surface, str(value), size, (cols_x[k], y), theme.INK_DIM, anchor="topright")


def draw_lot(surface: pygame.Surface, centre: tuple[float, float], number: int, radius: int, glow: float) -> None:
    """A drawn lot: a gold token with its number (the draw's order), ``glow`` 0…1 as it lands."""
    r = max(6, round(radius * (1 + 0.3 * glow)))
    pygame.draw.circle(surface, (120, 90, 30), (round(centre[0]), round(centre[1]) + 2), r)
    pygame.draw.circle(surface, theme.GOLD, (round(centre[0]), round(centre[1])), r)
    blit_text(surface, str(number), max(10, r), (centre[0], centre[1]), theme.INK_DARK, True, anchor="center")


BRACKET_COLUMNS = 3  # rounds drawn side by side (from the round chosen)
BRACKET_MAX = 8  # first-column matches a bracket can show; more: the round's cards


def bracket_rects(event: Tournament, number: int, area: pygame.Rect, scale: float):
    """The bracket from knockout round ``number``: each column a round, each match placed
    between the two it comes from. ``[(pairing or None, rect, column)]`` (None: a match
    not drawn yet), or None when the round has too many matches for a bracket."""
    first = [p for p in event.pairings if p.stage == "knockout" and p.id.startswith(f"ko-{number}-")]
    if not first or len(first) > BRACKET_MAX:
        return None
    last = min(knockout_rounds(event), number + BRACKET_COLUMNS - 1)
    columns = last - number + 1
    gap = round(26 * scale)
    w = (area.w - gap * (columns - 1)) // columns
    slot = area.h / len(first)
    h = min(round(62 * scale), round(slot - 8 * scale))
    by_id = {p.id: p for p in event.pairings}
    out = []
    centres = [area.y + (i + 0.5) * slot for i in range(len(first))]
    for j in range(columns):
        if j:
            centres = [(centres[2 * i] + centres[2 * i + 1]) / 2 for i in range(len(centres) // 2)] or centres[:1]
        for i, cy in enumerate(centres):
            rect = pygame.Rect(area.x + j * (w + gap), round(cy - h / 2), w, h)
            out.append((by_id.get(f"ko-{number + j}-{i + 1}"), rect, j))
    third = by_id.get("third")
    if third is not None and last == knockout_rounds(event):
        final_rect = out[-1][1]
        rect = final_rect.move(0, max(h + round(40 * scale), round(area.h / 4)))
        if rect.bottom <= area.bottom:
            out.append((third, rect, columns - 1))
    return out


def draw_bracket_lines(surface: pygame.Surface, placed, scale: float) -> None:
    """Elbows from each pair of matches to the match their winners meet in."""
    colour = (60, 120, 95)
    width = max(1, round(2 * scale))
    columns: dict[int, list[pygame.Rect]] = {}
    for p, rect, j in placed:
        if p is None or p.stage != "third":
            columns.setdefault(j, []).append(rect)
    for j in sorted(columns)[1:]:
        children = columns[j - 1]
        for i, parent in enumerate(columns[j]):
            for child in children[2 * i : 2 * i + 2]:
                mid = (child.right + parent.left) // 2
                points = [child.midright, (mid, child.centery), (mid, parent.centery), parent.midleft]
                pygame.draw.lines(surface, colour, False, points, width)


def draw_placeholder(surface: pygame.Surface, rect: pygame.Rect, scale: float) -> None:
    theme.panel(surface, rect, (8, 36, 26, 150), round(8 * scale), (40, 80, 64))
    size = max(11, min(round(15 * scale), rect.h // 3))
    for i in range(2):
        y = rect.y + rect.h * (1 + 2 * i) // 4
        blit_text(surface, "…", size, (rect.x + round(8 * scale), y), theme.INK_DIM, anchor="midleft")
