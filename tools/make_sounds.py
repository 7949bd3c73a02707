"""Synthesise the game's sound effects into ``assets/sounds/*.wav``.

Standard library only (``wave``, ``math``, ``random``): each effect is a few sine or
noise voices under an envelope, so there is no third-party audio to license. The noise
is seeded, so every run writes the same files. Rerun after changing a recipe, listen,
and commit the WAVs::

    python tools/make_sounds.py            # or: --out DIR

Format: 16-bit mono PCM at 22050 Hz, each file well under 50 KB.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable
import io
import math
from pathlib import Path
import random
import sys
import wave

RATE = 22050
ROOT = Path(__file__).resolve().parent.parent
OUT_DIR = ROOT / "assets" / "sounds"

Samples = list[float]


def silence(seconds: float) -> Samples:
    """``seconds`` of zeros."""
    return [0.0] * int(seconds * RATE)


def envelope(n: int, attack: float, decay: float) -> Samples:
    """A linear attack of ``attack`` s, then exponential decay with time constant ``decay`` s."""
    a = max(1, int(attack * RATE))
    return [i / a if i < a else math.exp(-(i - a) / (decay * RATE)) for i in range(n)]


def sweep(
    seconds: float, f0: float, f1: float | None = None, partials: Iterable[tuple[float, float]] = ((1.0, 1.0),)
) -> Samples:
    """A tone gliding exponentially from ``f0`` to ``f1`` Hz; ``partials`` are (multiple, gain)."""
    f1 = f0 if f1 is None else f1
    n = int(seconds * RATE)
    partials = tuple(partials)
    out, phase = [], 0.0
    for i in range(n):
        f = f0 * (f1 / f0) ** (i / max(1, n - 1))
        phase += 2 * math.pi * f / RATE
        out.append(sum(g * math.sin(m * phase) for m, g in partials))
    return out


def noise(seconds: float, rng: random.Random) -> Samples:
    """White noise in [-1, 1]."""
    return [rng.uniform(-1.0, 1.0) for _ in range(int(seconds * RATE))]


def lowpass(x: Samples, cutoff: float) -> Samples:
    """A one-pole low-pass filter: softens noise into a brush rather than a hiss."""
    k = 1 - math.exp(-2 * math.pi * cutoff / RATE)
    out, y = [], 0.0
    for v in x:
        y += k * (v - y)
        out.append(y)
    return out


def highpass(x: Samples, cutoff: float) -> Samples:
    """The complement of :func:`lowpass`: removes rumble so a click stays crisp."""
    return [v - lp for v, lp in zip(x, lowpass(x, cutoff))]


def shaped(x: Samples, env: Samples) -> Samples:
    """``x`` times ``env``, sample by sample."""
    return [a * b for a, b in zip(x, env)]


def mix(*voices: tuple[float, Samples]) -> Samples:
    """Sum voices, each (start time in s, samples), into one buffer long enough for all."""
    end = max(int(t * RATE) + len(s) for t, s in voices)
    out = [0.0] * end
    for t, s in voices:
        start = int(t * RATE)
        for i, v in enumerate(s):
            out[start + i] += v
    return out


def finish(x: Samples, peak: float) -> Samples:
    """Scale to ``peak`` and fade the last 5 ms, so no effect ends on a click."""
    top = max(abs(v) for v in x) or 1.0
    fade = min(len(x), int(0.005 * RATE))
    out = [v * peak / top for v in x]
    for i in range(fade):
        out[len(out) - 1 - i] *= i / fade
    return out


def bell(freq: float, seconds: float, decay: float) -> Samples:
    """A soft bell: a fundamental with quieter, faster-dying overtones."""
    n = int(seconds * RATE)
    body = shaped(sweep(seconds, freq, partials=((1, 1.0), (2, 0.25))), envelope(n, 0.004, decay))
    shimmer = shaped(sweep(seconds, freq * 3.01), envelope(n, 0.002, decay / 3))
    return [a + 0.12 * b for a, b in zip(body, shimmer)]


# Recipes. Each takes the shared seeded RNG and returns samples in [-1, 1].


def deal(rng: random.Random) -> Samples:
    """A card sliding off the deck: a short brush of band-limited noise."""
    n = noise(0.09, rng)
    brush = lowpass(highpass(n, 1200), 5000)
    return finish(shaped(brush, envelope(len(brush), 0.006, 0.018)), 0.35)


def play(rng: random.Random) -> Samples:
    """A card laid firmly on the felt: a crisp snap over a small low thump."""
    snap = highpass(noise(0.06, rng), 900)
    snap = shaped(snap, envelope(len(snap), 0.0008, 0.007))
    thump = sweep(0.10, 150, 80)
    thump = shaped(thump, envelope(len(thump), 0.002, 0.022))
    return finish(mix((0.0, snap), (0.0, [0.8 * v for v in thump])), 0.7)


def trick(rng: random.Random) -> Samples:
    """Taking a trick: a two-note chime, G5 then C6."""
    return finish(mix((0.0, bell(783.99, 0.45, 0.14)), (0.07, bell(1046.50, 0.5, 0.15))), 0.5)


def level_up(rng: random.Random) -> Samples:
    """Going up a level: a rising C major arpeggio that rings on its top note."""
    notes = (523.25, 659.25, 783.99, 1046.50)
    voices = [(0.075 * i, bell(f, 0.3, 0.1)) for i, f in enumerate(notes[:-1])]
    voices.append((0.075 * 3, bell(notes[-1], 0.62, 0.17)))
    return finish(mix(*voices), 0.55)


def error(rng: random.Random) -> Samples:
    """A refused play: a soft, low, slightly falling blip; a hint, not a buzzer."""
    tone = sweep(0.2, 220, 175, partials=((1, 1.0), (2, 0.15)))
    return finish(shaped(tone, envelope(len(tone), 0.012, 0.05)), 0.45)


def click(rng: random.Random) -> Samples:
    """A button press: a tiny high tick."""
    tick = sweep(0.03, 1800, 1500)
    tick = shaped(tick, envelope(len(tick), 0.0005, 0.005))
    grit = shaped(highpass(noise(0.03, rng), 3000), envelope(len(tick), 0.0003, 0.002))
    return finish([a + 0.3 * b for a, b in zip(tick, grit)], 0.4)


RECIPES: dict[str, Callable[[random.Random], Samples]] = {
    "deal": deal,
    "play": play,
    "trick": trick,
    "level_up": level_up,
    "error": error,
    "click": click,
}


def render(name: str) -> Samples:
    """The samples of sound ``name``; each sound has its own seed, so recipes stay independent."""
    return RECIPES[name](random.Random(f"shengji-sound-{name}"))


def wav_bytes(samples: Samples) -> bytes:
    """``samples`` as a 16-bit mono WAV file at :data:`RATE`."""
    frames = bytearray()
    for v in samples:
        frames += round(max(-1.0, min(1.0, v)) * 32767).to_bytes(2, "little", signed=True)
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(bytes(frames))
    return buffer.getvalue()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=OUT_DIR, help="output folder")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name in RECIPES:
        data = wav_bytes(render(name))
        (args.out / f"{name}.wav").write_bytes(data)
        print(f"{name}.wav: {len(data) // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
