"""Tournament events as the regulations run them (RULES.md §11; docs/tournaments.md).

A pure value (no pygame, no bots): ``Tournament`` holds the field, the seeded draw, the
schedule, results, group tables and places; ``rules`` reads each ruleset's ``[tournament]``
table; ``field`` makes the teams; ``play`` plays a bots-only match on the table engine with
an injected bot factory; ``runner`` plays them in a worker process; ``files`` saves and
loads an event. ``python -m game.tournament`` runs a whole bots-only event.
"""

from .event import Pairing, Place, Result, Standing, Tournament, TournamentError
from .field import PLAYER_TEAMS, STRENGTHS, Team, make_field, team_name
from .rules import FORMATS, TournamentRules, TournamentRulesError, parse_tournament, tournament_rules

__all__ = [
    "FORMATS",
    "PLAYER_TEAMS",
    "STRENGTHS",
    "Pairing",
    "Place",
    "Result",
    "Standing",
    "Team",
    "Tournament",
    "TournamentError",
    "TournamentRules",
    "TournamentRulesError",
    "make_field",
    "parse_tournament",
    "team_name",
    "tournament_rules",
]
