"""Card art: sizes, caching, colours and the visual states, checked on pixels."""

import doctest

import pygame
import pytest

from game.core.cards import BIG_JOKER, ONE_DECK, SMALL_JOKER, Card, Suit
from game.ui.kit import card_art
from game.ui.kit.card_art import BACK_COLOURS, RED, VARIANTS, CardArt, card_size, suit_symbol


@pytest.fixture(scope="module")
def art():
    pygame.init()
    return CardArt()


def ink_colours(surface: pygame.Surface) -> tuple[int, int]:
    """(reddish pixels, dark pixels) among the opaque ones."""
    red = dark = 0
    w, h = surface.get_size()
    for y in range(0, h, 2):
        for x in range(0, w, 2):
            r, g, b, a = surface.get_at((x, y))
            if a < 250:
                continue
            if r > 150 and g < 90 and b < 100:
                red += 1
            elif r < 70 and g < 70 and b < 80:
                dark += 1
    return red, dark


def test_every_card_renders_at_the_requested_height(art):
    for card in ONE_DECK:
        surface = art.get(card, 120)
        assert surface.get_size() == card_size(120) == (86, 120)


def test_surfaces_are_cached_per_card_height_and_variant(art):
    card = Card.parse("QH")
    assert art.get(card, 100) is art.get(card, 100)
    assert art.get(card, 100) is not art.get(card, 101)
    assert art.get(card, 100, "selected") is not art.get(card, 100)


def test_all_faces_differ(art):
    images = {bytes(pygame.image.tobytes(art.get(card, 70), "RGBA")) for card in ONE_DECK}
    assert len(images) == len(ONE_DECK)


@pytest.mark.parametrize("code", ["AH", "10D", "KH", "QD"])
def test_hearts_and_diamonds_are_red(art, code):
    red, dark = ink_colours(art.get(Card.parse(code), 140))
    assert red > 200 and dark < red / 10


@pytest.mark.parametrize("code", ["AS", "10C", "KS", "JC"])
def test_spades_and_clubs_are_near_black(art, code):
    red, dark = ink_colours(art.get(Card.parse(code), 140))
    assert dark > 200 and red < dark / 10


def test_jokers_are_clearly_distinct(art):
    big_red, _ = ink_colours(art.get(BIG_JOKER, 140))
    small_red, small_dark = ink_colours(art.get(SMALL_JOKER, 140))
    assert big_red > 100  # the big joker is the colourful one
    assert small_red == 0 and small_dark > 100


def test_corners_are_rounded_and_transparent(art):
    surface = art.get(Card.parse("5S"), 200)
    w, h = surface.get_size()
    for corner in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
        assert surface.get_at(corner).a == 0
    assert surface.get_at((w // 2, 3)).a == 255


def test_bottom_index_is_the_top_one_turned_round(art):
    surface = art.get(Card.parse("7D"), 350)
    w, h = surface.get_size()
    corner = pygame.Rect(0, 0, w // 4, h // 3)
    top = surface.subsurface(corner).copy()
    bottom = pygame.transform.rotate(surface.subsurface(corner.move(w - corner.w, h - corner.h)), 180)
    diff = sum(
        abs(top.get_at((x, y)).r - bottom.get_at((x, y)).r)
        for x in range(0, corner.w, 3)
        for y in range(0, corner.h, 3)
    )
    assert diff / ((corner.w // 3) * (corner.h // 3)) < 12


def test_backs_come_in_every_colour(art):
    centres = set()
    for colour in BACK_COLOURS:
        back = art.back(90, colour)
        assert back.get_size() == card_size(90)
        centres.add(tuple(back.get_at((12, 30))))
    assert len(centres) == len(BACK_COLOURS)
    with pytest.raises(ValueError, match="colour"):
        art.back(90, "tartan")


def test_variants_change_the_look(art):
    card = Card.parse("9S")
    normal = art.get(card, 120)
    point = (normal.get_width() // 2, normal.get_height() - 20)
    base = normal.get_at(point)
    disabled = art.get(card, 120, "disabled").get_at(point)
    assert sum(disabled[:3]) < sum(base[:3]) - 120
    selected = art.get(card, 120, "selected")
    rim = selected.get_at((selected.get_width() // 2, 1))
    assert rim.r > 200 and rim.b < 120  # a gold rim
    with pytest.raises(ValueError, match="variant"):
        art.get(card, 120, "sparkly")
    assert set(VARIANTS) == {"normal", "selected", "highlight", "disabled"}


def test_larger_than_master_is_drawn_afresh(art):
    big = art.get(Card.parse("AS"), 500)
    assert big.get_size() == card_size(500)


def test_shadow_is_larger_than_the_card_and_soft(art):
    shadow, margin = art.shadow(120)
    w, h = card_size(120)
    assert shadow.get_size() == (w + 2 * margin, h + 2 * margin)
    assert 0 < shadow.get_at((margin // 2, shadow.get_height() // 2)).a < 120


@pytest.mark.parametrize("suit", list(Suit))
def test_suit_symbols_are_vector_shapes_at_any_size(suit):
    for height in (8, 40, 300):
        symbol = suit_symbol(suit, height)
        assert symbol.get_height() == height
        filled = pygame.mask.from_surface(symbol, 128).count()
        assert 0.35 < filled / (symbol.get_width() * height) < 0.85


def test_red_constant_is_reddish():
    assert RED[0] > 150 and RED[1] < 60


def test_doctests():
    pygame.init()
    assert doctest.testmod(card_art).failed == 0


def test_every_back_colour_has_a_name_in_the_settings():
    from game.i18n import table

    names = {key.split(".", 1)[1] for key in table("en") if key.startswith("colour.")}
    assert names == set(BACK_COLOURS)
