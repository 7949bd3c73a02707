"""The rules core: pure Python, no pygame, no bots.

The front end and the bots use only the names exported here.
"""
from .actions import BURY, DEAL, DECLARE, FINISH_DEAL, PLAY, Action, ActionKind
from .bidding import Bidding, BidResult, Declaration, DeclarationKind
from .cards import (
                    BIG_JOKER,
                    SMALL_JOKER,
                    SUITS,
                    Card,
                    CardError,
                    Rank,
                    Suit,
                    cards,
                    format_cards,
                    make_deck,
                    parse_cards,
                    points_of,
                    pretty_cards,
)
from .hand import Hand, HandSetup
from .match import HandSummary, Match, new_match
from .moves import check_bury_cards, check_play_cards, fallback_bury, fallback_play
from .observation import Observation, observation_from_json, observation_to_json, observe
from .phases import AFTER_DEAL, BURYING, DEALING, PLAYING, REDEAL, SETTLED, Phase
from .play import PlayState, Trick, TrickView, legal_buries
from .refusal import IllegalActionError, Refusal
from .ruleset import BUILTIN_IDS, Ruleset, RulesetError, all_rulesets, get_ruleset, load_ruleset_file
from .seeds import SEED_LIMIT, derive, fresh_seed
from .settlement import Settlement, kitty_multiplier, level_change, next_dealer, settle
from .tricks import (
                    ThrowResult,
                    check_follow,
                    check_lead,
                    follow_score,
                    legal_follows,
                    play_value,
                    throw_outcome,
                    trick_points,
                    trick_winner,
)
from .trump import TRUMP, TrumpContext
from .units import Format, Unit, decompose, format_of, max_tractor_pairs, pair_count, pair_positions, suit_of_play

# Spelled out so that type checkers see what the core exports.
__all__ = [
                    "AFTER_DEAL",
                    "BIG_JOKER",
                    "BUILTIN_IDS",
                    "BURY",
                    "BURYING",
                    "DEAL",
                    "DEALING",
                    "DECLARE",
                    "FINISH_DEAL",
                    "PLAY",
                    "PLAYING",
                    "REDEAL",
                    "SEED_LIMIT",
                    "SETTLED",
                    "SMALL_JOKER",
                    "SUITS",
                    "TRUMP",
                    "Action",
                    "ActionKind",
                    "BidResult",
                    "Bidding",
                    "Card",
                    "CardError",
                    "Declaration",
                    "DeclarationKind",
                    "Format",
                    "Hand",
                    "HandSetup",
                    "HandSummary",
                    "IllegalActionError",
                    "Match",
                    "Observation",
                    "Phase",
                    "PlayState",
                    "Rank",
                    "Refusal",
                    "Ruleset",
                    "RulesetError",
                    "Settlement",
                    "Suit",
                    "ThrowResult",
                    "Trick",
                    "TrickView",
                    "TrumpContext",
                    "Unit",
                    "all_rulesets",
                    "check_bury_cards",
                    "check_follow",
                    "check_lead",
                    "check_play_cards",
                    "decompose",
                    "derive",
                    "fallback_bury",
                    "fallback_play",
                    "follow_score",
                    "format_cards",
                    "format_of",
                    "fresh_seed",
                    "get_ruleset",
                    "kitty_multiplier",
                    "legal_buries",
                    "legal_follows",
                    "level_change",
                    "load_ruleset_file",
                    "make_deck",
                    "max_tractor_pairs",
                    "new_match",
                    "next_dealer",
                    "observation_from_json",
                    "observation_to_json",
                    "observe",
                    "pair_count",
                    "pair_positions",
                    "parse_cards",
                    "play_value",
                    "points_of",
                    "pretty_cards",
                    "settle",
                    "suit_of_play",
                    "throw_outcome",
                    "trick_points",
                    "trick_winner",
]
