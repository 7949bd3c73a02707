"""``normal``: a club player with card memory.

It remembers every card played, the voids a player shows by not following, the pairs and
tractors a player shows not to hold, and so which top cards are still out. With that it

* throws (甩牌) only when memory proves every unit unbeatable;
* bids by projected trump strength and buries to void short side suits, keeping points
  unless very strong in trumps;
* feeds points to its partner only when the partner's win is secure;
* does not spend jokers or level cards on tricks without points;
* contests every winnable trick near the end, to guard or to dig the kitty.

The playing policy works on a ``View`` so that the ``hard`` level's simulations run the
very same heuristics without building observations.
"""
from __future__ import annotations

from collections.abc import Sequence

from game.core import TRUMP, Card, Observation, check_play_cards, fallback_play

from .base import Bot, Reason
from .bidding import choose_bury, choose_declaration
from .memory import MemoryTracker
from .plays import cheap_key, feed_key, follow, winning_plays
from .reasons import honest
from .tables import Tables
from .view import TrickState, View

Decision = tuple[list[Card], Reason]


ENDGAME_CARDS = {1: 2, 2: 4, 3: 5}


def endgame_cards(view: View, table: dict[int, int] = ENDGAME_CARDS) -> int:
    """Cards left in hand from which every winnable trick is contested."""
    return table.get(view.ruleset.decks, 4)


def win_cost(play: Sequence[Card], tab: Tables, trumping: bool) -> float:
    """What taking the trick with ``play`` spends: jokers and level cards most."""
    cost = 0.0
    for c in play:
        if tab.honour[c]:
            cost += 7.0
        elif tab.is_trump[c]:
            cost += 3.0 if trumping else 1.0
    return cost


class NormalPolicy:
    """The heuristics, on a ``View``. ``memory=False`` makes the ``easy`` variant."""

    throws = True
    partner_ruff = True
    contest_end = True
    cautious = True
    later_points = 3.0  # points the players still to come may add to a trick
    ruff_bonus = 6.0  # worth of ruffing a suit the partner led into my void
    low_trump_lead = True
    endgame = ENDGAME_CARDS
    feed_defender = (3.0, 14.0)  # feed_key (point weight, honour cost) for defenders
    feed_dealer = (3.0, 20.0)  # and for the dealer side
    trump_throw_honours = False  # may a safe throw in trumps spend jokers and level cards?
    eagerness = 1.0  # below 1 declares more readily
    boss_single = 26.0  # score of leading a side-suit single nobody can beat
    low_pair = 32.0  # base score of leading a pair that may be beaten (was 8, issue 11)
    low_trump = -4.0  # base score of leading a low trump (not drawing trumps)
    trump_pull = 12.0  # score of drawing trumps with a low one when long in them
    bank_points = True  # win a sure trick with point cards when they win as well
    bank_cost = 1.0  # a point banked against a unit of win_cost

    # ------------------------------------------------------------------ play

    def play(self, v: View) -> Decision:
        if v.plays:
            return self.follow(v)
        return self.lead(v)

    # ------------------------------------------------------------------ following

    def follow(self, v: View) -> Decision:
        tab = v.tab
        tr = v.trick
        assert tr is not None  # a follow: the trick has its lead
        mine = v.mine()
        hand = v.hand
        lengths: dict[str, int] = {s: len(mine[s]) for s in tab.side_suits}
        ck = cheap_key(tab, lengths)
        held = mine[tr.suit]
        after = v.after_me()
        opps_after = [s for s in after if not v.is_partner(s)]
        endgame = self.contest_end and len(hand) <= endgame_cards(v, self.endgame)
        void = not held
        trumping = void and tr.suit != TRUMP
        if tr.winner == v.partner:
            safe = not v.threatened(opps_after, tr, tr.best_value, self.cautious)
            if safe or not opps_after:
                # Points count for the defenders only: the dealer side merely keeps them
                # from the defenders, so it feeds less eagerly.
                fk = feed_key(tab, *(self.feed_dealer if v.dealer_side else self.feed_defender))
                play = follow(mine, hand, tr.suit, tr.fmt, tr.n, tab, fk, fk)
                pts = sum(c.points for c in play)
                code = ("discard.feed" if void else "follow.feed") if pts else \
                    ("discard.cheap" if void else "follow.cheap")
                return play, Reason(code, {"cards": play})
            # The partner may lose it: take it over when that secures points, or ruff the
            # suit he led for me to trump.
            stake = tr.points + (self.later_points if opps_after else 0.0)
            if trumping and tr.leader == v.partner:
                stake += self.ruff_bonus
            wins = winning_plays(mine, tr, tab, ck)  # not before: a safe partner needs none
            best = self._best_win(v, tr, wins, opps_after, trumping)
            if best is not None and best[1] and stake >= best[2] + 4.0:
                return best[0], Reason("follow.secure", {"cards": best[0]})
            return self._cheap(v, tr, mine, ck)
        # An opponent is winning (or nobody has played but the leader, an opponent).
        wins = winning_plays(mine, tr, tab, ck)
        best = self._best_win(v, tr, wins, opps_after, trumping)
        if best is not None:
            play, secure, cost = best
            stake = tr.points + 1.0 + (self.later_points if opps_after else 0.0)
            if secure:
                stake += sum(c.points for c in play)
            if endgame:
                stake += 12.0 + self._kitty_stake(v)
            if secure and stake >= cost:
                code = "follow.endgame" if endgame and tr.points == 0 else \
                    ("trump.win" if trumping else "follow.win")
                return play, Reason(code, {"cards": play})
            if not secure and (tr.points >= 15 or endgame):
                strongest = wins[-1]
                if win_cost(strongest, tab, trumping) <= tr.points + (12 if endgame else 0):
                    return strongest, Reason("follow.contest", {"cards": strongest})
        return self._cheap(v, tr, mine, ck)

    def _best_win(self, v: View, tr: TrickState, wins: list[list[Card]], opps_after,
                  trumping: bool):
        """(play, secure, cost): the cheapest secure winning play, else the cheapest one."""
        if not wins:
            return None
        tab = v.tab
        cheapest = None
        banked = None
        for play in wins:
            value = tr.value_of(play, tab)
            if value is None:
                continue
            # Wins come lowest first: above a secure one, every one is secure.
            secure = banked is not None or not v.threatened(opps_after, tr, value, self.cautious)
            cost = win_cost(play, tab, trumping) + 0.05 * sum(tab.pos[c] for c in play)
            if secure:
                if not self.bank_points:
                    return play, True, cost
                # A sure win may as well carry my own points home: they could be lost later.
                worth = sum(c.points for c in play) - self.bank_cost * cost
                if banked is None or worth > banked[0]:
                    banked = (worth, play, cost)
                continue
            if cheapest is None:
                cheapest = (play, False, cost)
        if banked is not None:
            return banked[1], True, banked[2]
        return cheapest

    def _kitty_stake(self, v: View) -> float:
        if v.seat == v.dealer and v.kitty:
            return 2.0 * sum(c.points for c in v.kitty)
        return 10.0 * v.ruleset.decks

    def _cheap(self, v: View, tr: TrickState, mine, ck) -> Decision:
        play = follow(mine, v.hand, tr.suit, tr.fmt, tr.n, v.tab, ck, ck)
        void = not mine[tr.suit]
        return play, Reason("discard.cheap" if void else "follow.cheap", {"cards": play})

    # ------------------------------------------------------------------ leading

    def lead(self, v: View) -> Decision:
        options = self.lead_options(v)
        _, cards, code = options[0]
        return cards, Reason(code, {"cards": cards})

    def lead_options(self, v: View) -> list[tuple[float, list[Card], str]]:
        """Every lead the heuristics consider, best first: (score, cards, reason code)."""
        tab = v.tab
        mine = v.mine()
        seat = v.seat
        opps = ((seat + 1) % 4, (seat + 3) % 4)
        partner = v.partner
        others = (opps[0], partner, opps[1])
        lengths: dict[str, int] = {s: len(mine[s]) for s in tab.side_suits}
        ck = cheap_key(tab, lengths)
        endgame = self.contest_end and len(v.hand) <= endgame_cards(v, self.endgame)
        mem = v.mem
        offers: list[tuple[float, list[Card], str]] = []

        def offer(score: float, cards: list[Card], code: str):
            offers.append((score, cards, code))

        my_trumps = len(mine[TRUMP])
        out_trumps = v.unseen_count(TRUMP)
        for suit in tab.suits:
            cards = mine[suit]
            if not cards:
                continue
            units = tab.units(cards)
            # Units nobody can beat; singles and pairs against one threshold each.
            single_t = v.beat_threshold(others, suit, 0)
            pair_t = v.beat_threshold(others, suit, 1)
            boss = [u for u in units
                    if (u.top >= single_t if u.pairs == 0 else u.top >= pair_t if u.pairs == 1
                        else not v.could_beat_in_suit(others, suit, u.pairs, u.top))]
            ruffable = suit != TRUMP and any(
                v.maybe_void(o, suit) and v.could_trump(o, 0) for o in opps)
            # 1. A throw of units nobody can beat.
            if self.throws and len(boss) >= 2 and not ruffable:
                throw = [c for u in boss for c in u.cards]
                if self._safe_throw(v, suit, throw, others):
                    pts = sum(c.points for c in throw)
                    score = 40 + len(throw) + pts * 0.3 + (5 if endgame else 0)
                    if suit == TRUMP and not endgame and not self.trump_throw_honours \
                            and any(tab.is_honour(c) for c in throw):
                        score = 5  # top trumps are for control, not for pulling two cards
                    offer(score, throw, "lead.safe_throw")
            # 2. Units nobody can beat.
            for u in boss:
                pts = sum(c.points for c in u.cards)
                if suit == TRUMP:
                    if my_trumps == 0:
                        continue
                    pull = (v.dealer_side and my_trumps >= 0.4 * out_trumps) or \
                        my_trumps >= 0.7 * out_trumps or endgame or out_trumps == 0
                    if not pull:
                        continue
                    honour = sum(1 for c in u.cards if tab.is_honour(c))
                    score = 18 + 6 * u.pairs - 2.0 * honour * (0 if endgame else 1)
                    if out_trumps == 0:
                        score = 10 + 4 * u.pairs
                    offer(score, list(u.cards), "lead.boss_pair" if u.pairs else "lead.trump_pull")
                elif not ruffable:
                    score = (self.boss_single if u.pairs == 0 else 26 + 7 * u.pairs) + 0.4 * pts
                    offer(score, list(u.cards), "lead.boss_pair" if u.pairs else "lead.boss")
            if suit == TRUMP:
                # 3. Drawing trumps with a low one when long in them (dealer side).
                low = min(cards, key=ck)
                if not tab.is_honour(low):
                    if v.dealer_side and my_trumps >= max(4, 0.5 * out_trumps) and out_trumps > 0:
                        offer(self.trump_pull - low.points, [low], "lead.trump_pull")
                    elif self.low_trump_lead:
                        # Better than leading points into the opponents.
                        offer(self.low_trump - 0.3 * tab.pos[low] - low.points, [low], "lead.low")
                continue
            # 4. A suit the partner has shown void in, for him to trump.
            if self.partner_ruff and suit in mem.void[partner] and TRUMP not in mem.void[partner] \
                    and not any(suit in mem.void[o] for o in opps):
                low = min(cards, key=ck)
                offer(22 - 1.5 * low.points, [low], "lead.partner_ruff")
            # 5. Low leads: short suits first, no points.
            singles = [u for u in units if u.pairs == 0]
            if singles:
                low = min((u.cards[0] for u in singles), key=ck)
            else:
                low = min(cards, key=ck)
            score = 10 - 0.7 * len(cards) - 1.6 * low.points - 0.4 * tab.pos[low]
            if ruffable:
                score -= 2
            if any(suit in mem.void[o] for o in opps) and TRUMP not in mem.void[opps[0]]:
                score -= 1
            offer(score, [low], "lead.low")
            for u in units:
                if u.pairs >= 1:
                    pts = sum(c.points for c in u.cards)
                    s2 = self.low_pair + 2 * u.pairs - 0.7 * len(cards) - 1.2 * pts - 0.4 * u.top
                    offer(s2, list(u.cards), "lead.low_pair")
                    break
        if not offers:
            offers.append((0.0, [min(v.hand, key=ck)], "lead.low"))
        offers.sort(key=lambda o: -o[0])
        return offers

    def _safe_throw(self, v: View, suit: str, throw: list[Card], others) -> bool:
        units = v.tab.units(throw)
        return len(units) >= 2 and all(
            not v.could_beat_in_suit(others, suit, u.pairs, u.top) for u in units)

    # ------------------------------------------------------------------ other decisions

    def declare(self, obs: Observation, options):
        return choose_declaration(obs, options, self.eagerness)

    def bury(self, obs: Observation):
        return choose_bury(obs, careful=True)


def checked(v: View, decision: Decision) -> Decision:
    """The decision if the core accepts it, else the core's first legal play."""
    play, _reason = decision
    tr = v.trick
    lead = tr.lead if tr is not None else None
    if check_play_cards(v.hand, lead, play, v.ctx, tr.fmt if tr is not None else None) is None:
        return decision
    return fallback_play(v.hand, lead, v.ctx), Reason("lead.low" if lead is None else "follow.cheap")


class NormalBot(Bot):
    """Card memory, safe throws, secure feeding, careful bidding and burying."""

    level = "normal"
    policy_class = NormalPolicy

    def __init__(self, seat, rng, ruleset, memory: MemoryTracker | None = None):
        super().__init__(seat, rng, ruleset)
        self.policy = self.policy_class()
        self.tracker = memory if memory is not None else MemoryTracker()

    def view(self, obs: Observation) -> View:
        mem = self.tracker.sync(obs)
        return View.of(obs, mem)

    def decide_declare(self, obs: Observation, options):
        return self.policy.declare(obs, options)

    def decide_bury(self, obs: Observation):
        return self.policy.bury(obs)

    def decide_play(self, obs: Observation) -> Decision:
        v = self.view(obs)
        tr = v.trick
        if tr is not None and len(v.hand) == tr.n:
            return list(v.hand), Reason("follow.only", {"cards": list(v.hand)})
        play, reason = checked(v, self.policy.play(v))
        return play, honest(v, play, reason)

    def play(self, obs: Observation) -> list[Card]:
        # The move alone (the table's and the arena's seats): the honest reason is worked out
        # only when someone reads it (``explain``, the Hint). A level that decides its own
        # way (``hard``'s search, a test's bot) is asked as it decides. Nor is the move
        # checked here: the table checks every move and records an illegal one as an
        # incident before playing the core's fallback (tests and the arena count them: none).
        if type(self).decide_play is not NormalBot.decide_play:
            return super().play(obs)
        v = self.view(obs)
        tr = v.trick
        if tr is not None and len(v.hand) == tr.n:
            return list(v.hand)
        return self.policy.play(v)[0]


__all__ = ["NormalBot", "NormalPolicy", "checked", "endgame_cards", "win_cost"]
