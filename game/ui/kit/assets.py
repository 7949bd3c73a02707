"""The one loader for files under ``assets/``: fonts, sounds, images.

Everything the front end shows or plays from a file comes through here, so the lookup
rules live in one place:

- In development the folder is ``assets/`` at the repository root, beside the ``game``
  package. A PyInstaller build unpacks it to ``sys._MEIPASS/assets``. The environment
  variable ``SHENGJI_ASSETS`` overrides both (for an installed copy kept elsewhere).
- Loaded objects are cached, so callers may ask for ``font(18)`` every frame.
- No audio device is never an error: :func:`sound` then returns a :class:`SilentSound`
  with the same methods.
"""

from __future__ import annotations

from functools import cache
import os
from pathlib import Path
import sys

import pygame

FONT_REGULAR = "NotoSansSC-Subset.otf"
FONT_BOLD = "NotoSansSC-Bold-Subset.otf"
SOUND_NAMES = ("deal", "play", "trick", "level_up", "error", "click")
"""The sounds in ``assets/sounds/`` (``tools/make_sounds.py`` writes them)."""

_mixer_failed = False


def assets_dir() -> Path:
    """The folder that holds ``fonts/``, ``sounds/`` and ``icon/``."""
    override = os.environ.get("SHENGJI_ASSETS")
    if override:
        return Path(override)
    bundle = getattr(sys, "_MEIPASS", None)
    if getattr(sys, "frozen", False) and bundle:
        return Path(bundle) / "assets"
    return Path(__file__).resolve().parents[3] / "assets"  # game/ui/kit/assets.py: beside the packages


def asset_path(*parts: str) -> Path:
    """A path inside the assets folder, such as ``asset_path("sounds", "deal.wav")``."""
    return assets_dir().joinpath(*parts)


def font_path(bold: bool = False) -> Path:
    """The bundled Noto Sans SC subset (Latin, CJK and suit symbols)."""
    return asset_path("fonts", FONT_BOLD if bold else FONT_REGULAR)


def font(size: int, bold: bool = False) -> pygame.font.Font:
    """The game's font at ``size`` pixels, cached per (size, bold).

    It is ``pygame.font`` (SDL_ttf with FreeType and HarfBuzz), which renders the CFF
    outlines of Noto CJK with proper anti-aliasing and kerning. The bold face is a real
    Bold, not a smeared Regular.
    """
    if not pygame.font.get_init():
        pygame.font.init()
    return _font(int(size), bool(bold))


@cache
def _font(size: int, bold: bool) -> pygame.font.Font:
    return pygame.font.Font(font_path(bold), size)


class SilentSound:
    """Stands in for ``pygame.mixer.Sound`` when there is no audio device."""

    def __init__(self, length: float = 0.0):
        self._length = length
        self._volume = 1.0

    def play(self, loops: int = 0, maxtime: int = 0, fade_ms: int = 0) -> None:
        """Do nothing; a real Sound returns a Channel, callers must not rely on it."""
        return None

    def stop(self) -> None:
        """Do nothing."""

    def fadeout(self, time: int) -> None:
        """Do nothing."""

    def set_volume(self, value: float) -> None:
        """Remember the volume, so settings round-trip as with a real Sound."""
        self._volume = max(0.0, min(1.0, float(value)))

    def get_volume(self) -> float:
        """The volume last set."""
        return self._volume

    def get_length(self) -> float:
        """The sound's length in seconds (0 when unknown)."""
        return self._length

    def get_num_channels(self) -> int:
        """Always 0: nothing is ever playing."""
        return 0


def audio_available() -> bool:
    """Whether the mixer is (or can be) initialised; tries once, then remembers a failure."""
    global _mixer_failed
    if _mixer_failed:
        return False
    if pygame.mixer.get_init():
        return True
    try:
        pygame.mixer.init()
    except pygame.error:
        _mixer_failed = True
        return False
    return bool(pygame.mixer.get_init())


def sound(name: str) -> pygame.mixer.Sound | SilentSound:
    """The sound ``name`` (one of :data:`SOUND_NAMES`), cached.

    A missing file raises ``FileNotFoundError`` (a typo, which a test should catch); a
    machine without sound gets a :class:`SilentSound`.
    """
    path = asset_path("sounds", f"{name}.wav")
    if not path.is_file():
        raise FileNotFoundError(f"no sound {name!r} at {path}")
    return _sound(name, audio_available())


@cache
def _sound(name: str, audible: bool) -> pygame.mixer.Sound | SilentSound:
    path = asset_path("sounds", f"{name}.wav")
    if audible:
        try:
            return pygame.mixer.Sound(path)
        except pygame.error:
            pass
    return SilentSound()


def image(name: str) -> pygame.Surface:
    """The image at ``assets/<name>`` (e.g. ``"icon/icon-64.png"``), cached.

    It is converted to the display's pixel format when a display mode is set, which
    makes blitting it several times faster.
    """
    surface = _image(name)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        converted = _converted(name)
        if converted is not None:
            return converted
    return surface


@cache
def _image(name: str) -> pygame.Surface:
    path = asset_path(*name.split("/"))
    if not path.is_file():
        raise FileNotFoundError(f"no image {name!r} at {path}")
    return pygame.image.load(path)


@cache
def _converted(name: str) -> pygame.Surface | None:
    try:
        return _image(name).convert_alpha()
    except pygame.error:
        return None


def clear_caches() -> None:
    """Forget every loaded asset (after ``pygame.quit()``, or in tests)."""
    global _mixer_failed
    _mixer_failed = False
    for cached in (_font, _sound, _image, _converted):
        cached.cache_clear()
