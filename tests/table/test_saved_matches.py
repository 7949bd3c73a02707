"""Several saved matches: a new match never writes over the one in progress (issue 13, 1)."""

from game.app.saved_matches import saved_matches
from game.app.session import MatchChoice, Session
from game.app.storage import Storage
from tests.standin_bots import standin_factory


def _session(tmp_path) -> Session:
    return Session(Storage(tmp_path), bot_factory=standin_factory)


def test_starting_a_new_match_keeps_the_one_in_progress_and_both_can_be_continued(tmp_path):
    s = _session(tmp_path)
    first = s.start_match(MatchChoice("hebi-2010", ["normal"] * 4, human=0, mode="tournament", length=10, seed=5))
    first.driver.run_until_wait()
    first.driver.save()
    kept = first.driver.match.to_dict()
    second = s.start_match(
        MatchChoice("lanzhou-2010", ["normal", "human", "normal", "normal"], human=0, humans=[1], length=60, seed=6)
    )
    second.driver.save()
    listed = saved_matches(s.storage)
    assert len(listed) == 2
    assert listed[0].current and listed[0].ruleset_names["en"].startswith("Lanzhou")
    assert listed[0].humans == (0, 1) and listed[0].hand == 1
    old = listed[1]
    assert not old.current and old.mode == "tournament" and old.humans == (0,)
    again = _session(tmp_path).continue_match(old.path)
    assert again.driver.match.to_dict() == kept
    # The one continued is now the match in progress; the other is still kept.
    assert [m.ruleset_names["en"][:5] for m in saved_matches(s.storage)] == ["Hebi ", "Lanzh"]


def test_a_deleted_save_is_gone_and_the_others_stay(tmp_path):
    s = _session(tmp_path)
    for seed in (1, 2, 3):
        s.start_match(MatchChoice("logistics-2015", ["normal"] * 4, human=0, length=60, seed=seed))
    paths = s.storage.saved_matches()
    assert len(paths) == 3
    s.storage.delete_saved(paths[1])
    assert s.storage.saved_matches() == [paths[0], paths[2]]
