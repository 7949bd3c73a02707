"""``hard``'s declaring: declare, which option, or pass, compared by play-outs of the hand.

At a declaring decision the seat knows its own cards, how many each seat holds, the cards
shown in declarations, how far the deal has gone and the match's levels. A world deals the
unseen cards afresh under that (``world_deck``: every declarer holds what it showed; the
cards still to come and the kitty at random), rebuilds the hand at this moment on that deck
(``hand_at``: the cards dealt in deal order, then the declarations shown, in order), applies
a candidate and completes the hand with the ``normal`` policy at every seat, asked as the
table engine asks bots (``declare_analysis.play_out``, the post-hand analysis's own play-out).
Every candidate meets the same worlds, and ``normal``'s choice stands unless another beats
it by a clear paired margin (``search_declare``).

By default a pass is weighed against ``normal``'s declaration only where passing is final
(the last chance): played on with ``normal``, which declares a card later, "pass now" looks
free — a card more seen — while the searching seat, asked again, would wait again; in first
hands (the declarer takes the deal) that preference to wait lost levels in duels
(bots/NOTES.md, "Turn 3"). ``hard``'s ``declare_wait`` weighs it earlier, played as the
bot then acts: waiting a few cards of its own (``wait_cards``) before it may declare again.

A whole hand ahead makes one world's difference noisy (a standard error of about half a
level over a dozen worlds), so the margin is wider than for plays and the search runs only
where the choice is close (``worth_searching``): where ``normal`` declares, or where a more
eager ``normal`` would.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
import random
import time

from game.core import (
    AFTER_DEAL,
    Card,
    Hand,
    HandSetup,
    IllegalActionError,
    Observation,
    make_deck,
)

from .bidding import choose_declaration, option_strength
from .declare_analysis import play_out, rigged_deck
from .sim import paired_search


def drawers(obs: Observation) -> list[int]:
    """The seats that may have drawn the deal's first card, judged by the hand sizes (the
    first ``dealt % 4`` seats in deal order hold one card more); the dealer first when it
    fits (later hands are dealt from the dealer)."""
    k = obs.cards_dealt % 4
    sizes = obs.hand_sizes
    fits = [d for d in range(4)
            if all(sizes[(d + i) % 4] == obs.cards_dealt // 4 + (1 if i < k else 0)
                   for i in range(4))]
    if obs.dealer is not None and obs.dealer in fits:
        fits.remove(obs.dealer)
        fits.insert(0, obs.dealer)
    return fits


def world_deck(obs: Observation, rng: random.Random, drawer: int) -> list[Card]:
    """A whole deck consistent with what ``obs``'s seat knows: its own cards and every
    declarer's shown cards in their places of the deal from ``drawer``, the rest at random."""
    seat = obs.seat
    known: dict[int, Counter] = {s: Counter() for s in range(4)}
    for decl in obs.declarations:
        if decl.seat != seat:
            known[decl.seat] |= Counter(decl.cards)
    pool = Counter(make_deck(obs.ruleset.decks))
    pool.subtract(obs.hand)
    for s in range(4):
        pool.subtract(known[s])
    return rigged_deck(rng, sorted(pool.elements()), seat, obs.hand, known, obs.hand_sizes,
                       drawer, obs.cards_dealt)


def hand_at(obs: Observation, deck: list[Card], drawer: int) -> Hand | None:
    """The hand at ``obs``'s moment on ``deck``: the cards dealt, then the declarations shown
    (the bidding does not depend on when they were made); None if the rules refuse them."""
    setup = HandSetup(0, obs.first_hand, obs.levels, obs.dealer, drawer)
    h = Hand(obs.ruleset, setup)
    h.deck = list(deck)
    h.dealt_kitty = tuple(deck[h.to_deal:])
    h.kitty = list(h.dealt_kitty)
    try:
        for _ in range(obs.cards_dealt):
            h.deal()
        for decl in obs.declarations:
            if decl.after_deal and h.phase != AFTER_DEAL:
                h.finish_deal()
            h.declare(decl.seat, decl.cards)
        if obs.phase == AFTER_DEAL and h.phase != AFTER_DEAL:
            h.finish_deal()
    except IllegalActionError:
        return None
    return h if h.phase == obs.phase else None


def declare_candidates(obs: Observation, options: Sequence[Sequence[Card]],
                       base: Sequence[Card] | None, limit: int, with_pass: bool = True
                       ) -> list[tuple[Card, ...]]:
    """``base`` (``normal``'s choice; () for a pass) first, then the pass (unless not
    ``with_pass``), then the other options by ``normal``'s own ranking (projected trump
    strength), ``limit`` in all. Every declaration is one of ``options``."""
    out: list[tuple[Card, ...]] = [tuple(base) if base else ()]
    keys = {tuple(sorted(out[0]))}

    def add(option: Sequence[Card]) -> None:
        key = tuple(sorted(option))
        if key not in keys and len(out) < limit:
            keys.add(key)
            out.append(tuple(option))

    if with_pass:
        add(())
    for option in sorted(options, key=lambda o: -option_strength(obs, o)[0]):
        add(option)
    return out


def worth_searching(obs: Observation, options: Sequence[Sequence[Card]],
                    base: Sequence[Card] | None, eager: float) -> list[Card] | None:
    """Is this declaring decision close enough to search? ``normal`` declares (``base``), or
    a more eager ``normal`` (``eager`` < 1 lowers its thresholds) would: that declaration is
    returned (the one to compare with the pass), else None — and the decision is
    ``normal``'s at once."""
    if not options:
        return None
    if base:
        return list(base)
    if eager >= 1.0:
        return None
    choice, _ = choose_declaration(obs, options, eager)
    return list(choice) if choice else None


def search_declare(rng: random.Random, obs: Observation, candidates: Sequence[Sequence[Card]],
                   policy, deadline: float | None, samples: int | None,
                   hard_stop: float | None = None, z: float = 1.5, min_gain: float = 0.1,
                   min_worlds: int = 6, wait_cards: int = 0) -> tuple[int, int]:
    """The index of the best candidate (0 unless another beats it by ``z`` standard errors of
    the paired difference, by more than ``min_gain``, over at least ``min_worlds`` worlds) and
    the number of worlds played. A world is started only when it should end by ``deadline``
    (judged by the worlds so far) and dropped past ``hard_stop``. The pass is played as
    waiting ``wait_cards`` cards of the seat's own before it may declare again (as the
    searching bot holds its pass), unless passing is final."""
    fits = drawers(obs)
    if not fits:
        return 0, 0
    final = obs.last_chance or obs.phase == AFTER_DEAL or obs.cards_dealt >= obs.cards_to_deal
    window = obs.phase == AFTER_DEAL

    def world_values() -> list[float] | None:
        # The first drawer is known but for a first hand dealt to a multiple of four.
        drawer = fits[0] if len(fits) == 1 or obs.dealer in fits else rng.choice(fits)
        deck = world_deck(obs, rng, drawer)
        values: list[float] = []
        for choice in candidates:
            if hard_stop is not None and values and time.perf_counter() > hard_stop:
                break
            h = hand_at(obs, deck, drawer)
            if h is None:
                break
            wait = 0 if choice or final else obs.cards_dealt + 4 * wait_cards
            values.append(play_out(h, obs.seat, choice, policy, final, window, wait)[0])
        return values
    return paired_search(world_values, len(candidates), deadline, samples, min_worlds, z,
                         min_gain)


__all__ = ["declare_candidates", "drawers", "hand_at", "search_declare", "world_deck",
           "worth_searching"]
