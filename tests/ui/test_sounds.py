"""The synthesised sound effects: present, small, in the agreed format, reproducible."""

import io
import struct
import wave

import pytest

from game.ui.kit import assets
from tests.tools_loader import load_tool

make_sounds = load_tool("make_sounds")


def frames(data: bytes) -> tuple[int, ...]:
    with wave.open(io.BytesIO(data)) as w:
        raw = w.readframes(w.getnframes())
    return struct.unpack(f"<{len(raw) // 2}h", raw)


@pytest.mark.parametrize("name", assets.SOUND_NAMES)
def test_sound_file_format(name):
    path = assets.asset_path("sounds", f"{name}.wav")
    assert path.stat().st_size < 50_000
    with wave.open(str(path)) as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22050)
        assert 0.02 < w.getnframes() / 22050 < 1.5


@pytest.mark.parametrize("name", assets.SOUND_NAMES)
def test_committed_sound_matches_its_recipe(name):
    # Within one step of rounding: libm may differ in the last bit between machines.
    committed = frames(assets.asset_path("sounds", f"{name}.wav").read_bytes())
    fresh = frames(make_sounds.wav_bytes(make_sounds.render(name)))
    assert len(committed) == len(fresh)
    assert max(abs(a - b) for a, b in zip(committed, fresh)) <= 1


def test_recipes_and_loader_agree_on_names():
    assert tuple(make_sounds.RECIPES) == assets.SOUND_NAMES


def test_sounds_end_quietly():
    for name in assets.SOUND_NAMES:
        samples = make_sounds.render(name)
        assert max(abs(v) for v in samples) <= 1.0
        assert abs(samples[-1]) < 1e-3
