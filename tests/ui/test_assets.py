"""The asset loader: where assets are found, caching, and never crashing without sound."""

from pathlib import Path
import sys

import pygame
import pytest

from game.ui.kit import assets

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def fresh_caches():
    assets.clear_caches()
    yield
    assets.clear_caches()


def test_development_assets_are_beside_the_game_package(monkeypatch):
    monkeypatch.delenv("SHENGJI_ASSETS", raising=False)
    assert assets.assets_dir() == ROOT / "assets"
    assert assets.font_path().is_file() and assets.font_path(bold=True).is_file()


def test_frozen_assets_are_in_the_bundle(monkeypatch, tmp_path):
    monkeypatch.delenv("SHENGJI_ASSETS", raising=False)
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert assets.assets_dir() == tmp_path / "assets"
    assert assets.asset_path("sounds", "deal.wav") == tmp_path / "assets" / "sounds" / "deal.wav"


def test_environment_override(monkeypatch, tmp_path):
    monkeypatch.setenv("SHENGJI_ASSETS", str(tmp_path))
    assert assets.assets_dir() == tmp_path


def test_font_is_cached_per_size_and_weight():
    assert assets.font(20) is assets.font(20)
    assert assets.font(20) is not assets.font(21)
    assert assets.font(20) is not assets.font(20, bold=True)


def test_font_renders_chinese_latin_and_suits():
    f = assets.font(32)
    for text in ("升级 拖拉机", "大王小王", "New match", "♠♥♣♦"):
        surface = f.render(text, True, (0, 0, 0))
        assert surface.get_width() > 10
        # Ink in every glyph: a glyph missing from the font would leave a blank gap.
        for ch in text.replace(" ", ""):
            assert pygame.mask.from_surface(f.render(ch, True, (0, 0, 0))).count() > 20, ch


def test_sound_loads_or_falls_back():
    s = assets.sound("deal")
    assert s is assets.sound("deal")
    s.play()
    s.set_volume(0.5)


def test_no_audio_device_gives_silent_sounds(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    s = assets.sound("play")
    assert isinstance(s, assets.SilentSound)
    assert s.play() is None
    s.set_volume(3)
    assert s.get_volume() == 1.0
    assert not assets.audio_available()


def test_missing_assets_are_reported_by_name():
    with pytest.raises(FileNotFoundError, match="nope"):
        assets.sound("nope")
    with pytest.raises(FileNotFoundError, match="nope"):
        assets.image("icon/nope.png")
