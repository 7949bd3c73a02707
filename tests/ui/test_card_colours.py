"""Readable cards: the four-colour deck, the colour-blind palette, the jokers' corner strip,
the card-size setting at the table."""

import pygame
import pytest

from game.core.cards import BIG_JOKER, SMALL_JOKER, Card, Suit
from game.ui.kit import cardview
from game.ui.kit.card_art import BLACK, PALETTES, CardArt, suit_colour
from game.ui.kit.layout import TableLayout


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.init()


def count_near(surface, colour, tolerance=40) -> int:
    n = 0
    w, h = surface.get_size()
    for y in range(0, h, 2):
        for x in range(0, w, 2):
            r, g, b, a = surface.get_at((x, y))
            if a > 250 and abs(r - colour[0]) + abs(g - colour[1]) + abs(b - colour[2]) < tolerance:
                n += 1
    return n


def test_the_four_colour_deck_inks_each_suit_apart():
    four, classic = CardArt("four"), CardArt("classic")
    for code, suit in (("7S", Suit.SPADES), ("7H", Suit.HEARTS), ("7D", Suit.DIAMONDS), ("7C", Suit.CLUBS)):
        card = Card.parse(code)
        assert count_near(four.get(card, 140), suit_colour(suit, "four")) > 40, code
    assert len(set(PALETTES["four"].values())) == 4
    diamonds = Card.parse("KD")
    assert count_near(four.get(diamonds, 140), PALETTES["four"][Suit.DIAMONDS]) > 40
    assert count_near(classic.get(diamonds, 140), PALETTES["four"][Suit.DIAMONDS]) == 0
    assert PALETTES["classic"][Suit.DIAMONDS] == PALETTES["classic"][Suit.HEARTS]


def _linear(c):
    return [((v / 255) / 12.92) if v / 255 <= 0.04045 else (((v / 255) + 0.055) / 1.055) ** 2.4 for v in c]


# Viénot, Brettel and Mollon (1999): how protanopes and deuteranopes see linear RGB.
SIGHT = {
    "normal": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "protan": ((0.11238, 0.88762, 0.0), (0.11238, 0.88762, 0.0), (0.00401, -0.00401, 1.0)),
    "deutan": ((0.29275, 0.70725, 0.0), (0.29275, 0.70725, 0.0), (-0.02234, 0.02234, 1.0)),
}


def _seen(colour, sight):
    lin = _linear(colour)
    return [sum(m * v for m, v in zip(row, lin)) for row in SIGHT[sight]]


def test_the_colour_blind_palette_keeps_the_four_suits_apart():
    colours = list(PALETTES["colourblind"].values())
    for sight in SIGHT:
        seen = [_seen(c, sight) for c in colours]
        for i in range(4):
            for j in range(i + 1, 4):
                distance = sum((a - b) ** 2 for a, b in zip(seen[i], seen[j])) ** 0.5
                assert distance > 0.08, (sight, colours[i], colours[j])
    # The classic palette does not: hearts and diamonds are one colour.
    assert PALETTES["classic"][Suit.HEARTS] == PALETTES["classic"][Suit.DIAMONDS]


def _strip(art, card, height=160):
    """The part of a card a fanned hand shows: its left 40 %."""
    face = art.get(card, height)
    return face.subsurface(pygame.Rect(0, 0, round(face.get_width() * 0.4), face.get_height()))


def _saturated(surface) -> int:
    n = 0
    w, h = surface.get_size()
    for y in range(0, h, 2):
        for x in range(0, w, 2):
            r, g, b, a = surface.get_at((x, y))
            if a > 250 and max(r, g, b) - min(r, g, b) > 90:
                n += 1
    return n


@pytest.mark.parametrize("palette", list(PALETTES))
def test_the_jokers_differ_in_the_strip_a_fanned_hand_shows(palette):
    art = CardArt(palette)
    big, small = _strip(art, BIG_JOKER), _strip(art, SMALL_JOKER)
    big_colour, small_colour = _saturated(big), _saturated(small)
    assert big_colour > 8 * max(1, small_colour)  # the big joker's band is in colour
    assert count_near(small, BLACK) > 40  # the small joker's letters are black

    # And in lightness alone (no colour vision needed): the band is a large darker area.
    def lightness(surface):
        return pygame.transform.average_color(surface)[:3]

    assert sum(lightness(small)) - sum(lightness(big)) > 25


def test_use_palette_swaps_the_art():
    cardview.use_palette("classic")
    first = cardview.art()
    cardview.use_palette("four")
    assert cardview.art() is not first and cardview.art().palette == "four"
    cardview.use_palette("classic")


def test_card_size_setting_scales_the_table_cards():
    small, normal, large = (TableLayout(1280, 800, f) for f in (0.86, 1.0, 1.15))
    assert small.card_h < normal.card_h < large.card_h
    assert small.trick_h < normal.trick_h < large.trick_h
    for lay in (small, normal, large):
        assert lay.hand_y + lay.card_h <= lay.height
