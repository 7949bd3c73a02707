"""A ruleset in words: its distinguishing features and its full rules, from its fields.

Every sentence comes from the language tables and is chosen by a field's value, so a
custom ruleset is described correctly without new text.
"""

from __future__ import annotations

from game.core import Ruleset
from game.i18n import get_language, tr


def name(ruleset: Ruleset) -> str:
    """The ruleset's name in the current language."""
    return ruleset.text(ruleset.name, get_language())


def short_name(ruleset: Ruleset) -> str:
    """The name's first part ("Hebi 2010" of "Hebi 2010 · Double Shengji"): for a button's line."""
    return name(ruleset).split(" · ")[0]


def description(ruleset: Ruleset) -> str:
    """Its description in the current language."""
    return ruleset.text(ruleset.description, get_language())


def length_label(ruleset: Ruleset, n: int) -> str:
    """``n`` hands or minutes, as the ruleset counts its matches."""
    return tr("new_match.hands_n" if ruleset.match_length == "hands" else "new_match.minutes_n", n=n)


def join(*sentences: str) -> str:
    """Sentences side by side: a space in English, nothing in Chinese."""
    return ("" if get_language() == "zh" else " ").join(sentences)


def features(r: Ruleset) -> list[str]:
    """What makes this ruleset different: decks, declaring, penalties, match length."""
    options = " / ".join(str(o) for o in r.match_options)
    out = [
        tr("feature.deal", decks=r.decks, hand=r.hand_size, kitty=r.kitty),
        join(
            tr("feature.declare_" + r.declare_open.replace("-", "_")),
            tr("feature.overturn_" + r.overturn.replace("-", "_")),
        ),
        tr("feature.fallback_kitty", n=r.fallback_card)
        if r.fallback == "kitty-card"
        else tr("feature.fallback_redeal"),
        tr("feature.penalty", points=r.throw_penalty) if r.throw_penalty else tr("feature.no_penalty"),
        tr("feature.multiplier_by_unit")
        if r.kitty_multiplier == "by-unit"
        else tr("feature.multiplier_fixed", n=r.kitty_multiplier_base),
        join(tr("feature.match_" + r.match_length, options=options), tr("feature.tie_" + r.tie.replace("-", "_"))),
    ]
    return out


def bands(r: Ruleset) -> list[str]:
    """The level table of RULES.md §9, one line per band."""
    step = r.step
    lines = [tr("rules.band_zero", n=r.shutout)]
    for i, band in enumerate(r.bands):
        low = max(5, i * step)
        last = i == len(r.bands) - 1
        span = (
            tr("rules.range_up", low=low)
            if last and r.beyond == "cap"
            else tr("rules.range", low=low, high=(i + 1) * step - 5)
        )
        key = (
            "rules.band_dealers"
            if band.side == "dealers"
            else ("rules.band_take" if band.levels == 0 else "rules.band_take_up")
        )
        lines.append(tr(key, range=span, n=band.levels))
    if r.beyond == "continue":
        lines.append(tr("rules.band_more", step=step))
    return lines


def sections(r: Ruleset) -> list[tuple[str, list[str]]]:
    """The full rules of ``r`` as (heading, paragraphs)."""
    declare = [
        tr("rules.declare_" + r.declare_open.replace("-", "_")),
        tr("rules.overturn_" + r.overturn.replace("-", "_")),
    ]
    if r.defenders_after_deal:
        declare.append(tr("rules.defenders_after_deal"))
    declare.append(
        tr("rules.fallback_kitty", n=r.fallback_card) if r.fallback == "kitty-card" else tr("rules.fallback_redeal")
    )
    if r.fallback == "kitty-card":
        declare.append(tr("rules.fallback_joker_" + r.fallback_joker.replace("-", "_")))
    throw = [tr("rules.throw")]
    throw.append(tr("rules.throw_penalty", points=r.throw_penalty) if r.throw_penalty else tr("rules.throw_no_penalty"))
    kitty = [tr("rules.kitty", n=r.kitty)]
    kitty.append(
        tr("rules.dig_by_unit") if r.kitty_multiplier == "by-unit" else tr("rules.dig_fixed", n=r.kitty_multiplier_base)
    )
    dealer = [tr("rules.dealer_keeps_" + r.dealer_keeps), tr("rules.dealer_lost")]
    if r.win_past_ace:
        dealer.append(tr("rules.win_past_ace"))
    options = " / ".join(str(o) for o in r.match_options)
    match = [
        tr("feature.match_" + r.match_length, options=options),
        tr("rules.score_" + r.match_score.replace("-", "_")),
        tr("feature.tie_" + r.tie.replace("-", "_")),
    ]
    if r.bury_seconds or r.play_seconds:
        match.append(tr("rules.clocks", bury=r.bury_seconds, play=r.play_seconds))
    paragraphs = {
        1: [tr("rules.table")],
        2: [tr("rules.points", total=r.total_points), tr("rules.trumps")],
        3: [tr("rules.units") if r.decks > 1 else tr("rules.units_one_deck")],
        4: [tr("rules.lead")] + throw,
        5: [tr("rules.follow")],
        6: [tr("rules.win")],
        7: kitty,
        8: declare + dealer,
        9: [tr("rules.settle", step=r.step)] + bands(r),
        10: match,
    }
    overview = (
        tr("rules.h_overview"),
        [description(r), tr("feature.deal", decks=r.decks, hand=r.hand_size, kitty=r.kitty)],
    )
    return [overview] + [(section_title(f"§{n}"), paragraphs[n]) for n in sorted(paragraphs)]


# The Rules screen's sections carry the numbers of the shared rules (RULES.md), which the
# why-not lines and the lessons cite: "§5" is the same section everywhere.
SECTION_HEADINGS = {
    1: "rules.h_table",
    2: "rules.h_trumps",
    3: "rules.h_units",
    4: "rules.h_lead",
    5: "rules.h_follow",
    6: "rules.h_win",
    7: "rules.h_kitty",
    8: "rules.h_declare_dealer",
    9: "rules.h_settle",
    10: "rules.h_match",
}


def section_title(section: str) -> str:
    """A section of the Rules screen by its number ("§5"): "§5 Following"."""
    try:
        key = SECTION_HEADINGS[int(section.lstrip("§").strip())]
    except (KeyError, ValueError):
        return section
    return tr("rules.numbered", n=section.lstrip("§").strip(), heading=tr(key))
