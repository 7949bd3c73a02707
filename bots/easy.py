"""``easy``: sound rule-following heuristics without memory.

It looks only at its hand and the trick on the table: an ace (a top unit) is a sure
winner, nothing else is. It follows the classic rules of thumb — feed points to a partner
who has played a top card or trumped, take a trick with points as cheaply as possible,
otherwise play the cheapest legal cards; lead aces and top pairs, else low from a short
suit. It never throws, bids on trump length alone and buries its cheapest cards.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core import TRUMP, Card, Observation

from .base import Reason
from .bidding import choose_bury, choose_declaration
from .normal import Decision, NormalBot, NormalPolicy, checked, win_cost
from .plays import cheap_key, feed_key, follow, winning_plays
from .view import View


class EasyPolicy(NormalPolicy):
    throws = False
    partner_ruff = False
    contest_end = False
    cautious = False
    # ``normal``'s learned rules are ``normal``'s: ``easy`` leads its best offer by score.
    learned_take = False
    learned_leads = False

    def follow(self, v: View) -> Decision:
        tab = v.tab
        tr = v.trick
        assert tr is not None  # a follow: the trick has a lead
        mine = v.mine()
        hand = v.hand
        ck = cheap_key(tab, {s: len(mine[s]) for s in tab.side_suits})
        void = not mine[tr.suit]
        last = len(tr.plays) == 3
        if tr.winner == v.partner:
            tier, top = tr.best_value
            sure = last or tier == 1 or (tr.single_unit and top >= tab.top_pos[tr.suit])
            if sure:
                fk = feed_key(tab)
                play = follow(mine, hand, tr.suit, tr.fmt, tr.n, tab, fk, fk)
                code = "discard.feed" if void else "follow.feed"
                return play, Reason(code, {"cards": play})
        else:
            wins = winning_plays(mine, tr, tab, ck)
            if wins:
                trumping = void and tr.suit != TRUMP
                play = wins[0] if last else wins[-1]
                if win_cost(play, tab, trumping) <= tr.points + (1 if last else -4):
                    code = "trump.win" if trumping else "follow.win"
                    return play, Reason(code, {"cards": play})
        play = follow(mine, hand, tr.suit, tr.fmt, tr.n, tab, ck, ck)
        return play, Reason("discard.cheap" if void else "follow.cheap", {"cards": play})

    def lead_options(self, v: View) -> list[tuple[float, list[Card], str]]:
        """Rank-only leads: a top unit of a side suit (nobody can beat an ace), a low card
        from a short suit, a low trump when long in trumps."""
        tab = v.tab
        mine = v.mine()
        lengths = {s: len(mine[s]) for s in tab.side_suits}
        ck = cheap_key(tab, lengths)
        offers: list[tuple[float, list[Card], str]] = []
        for suit in tab.side_suits:
            cards = mine[suit]
            if not cards:
                continue
            top = tab.top_pos[suit]
            for u in tab.units(cards):
                if u.top == top:
                    code = "lead.boss_pair" if u.pairs else "lead.boss"
                    offers.append((26 + 7 * u.pairs, list(u.cards), code))
            low = min(cards, key=ck)
            offers.append((10 - 0.7 * len(cards) - 1.6 * low.points - 0.4 * tab.pos[low], [low], "lead.low"))
        trumps = mine[TRUMP]
        if trumps:
            low = min(trumps, key=ck)
            score = 8 if len(trumps) * 2 >= len(v.hand) else -4 - 0.3 * tab.pos[low]
            offers.append((score - low.points, [low], "lead.trump_pull" if score > 0 else "lead.low"))
        offers.sort(key=lambda o: -o[0])
        return offers

    def declare(self, obs: Observation, options: Sequence[Sequence[Card]]) -> tuple[list[Card] | None, Reason]:
        return choose_declaration(obs, options, eagerness=1.1)

    def bury(self, obs: Observation) -> tuple[list[Card], Reason]:
        return choose_bury(obs, careful=False)


class EasyBot(NormalBot):
    """No memory: the view it plays from holds only its hand and the current trick."""

    level = "easy"
    policy_class = EasyPolicy

    def view(self, obs: Observation, quiet: bool = False) -> View:
        return View.of(obs, None, quiet)

    def decide_play(self, obs: Observation) -> Decision:
        v = self.view(obs)
        tr = v.trick  # None exactly when v.plays is empty
        if tr is not None and len(v.hand) == tr.n:
            return list(v.hand), Reason("follow.only")
        return checked(v, self.policy.play(v))
