"""Tweens: values that move over seconds, independent of the frame rate.

A tween is advanced by ``update(dt)`` (elapsed / duration → easing → interpolation);
logic waits for ``done``, never for a number of frames, so tests can drive it by hand:

>>> t = Tween(0.5)
>>> t.update(0.25); round(t.progress, 2)
0.5
>>> t.update(1.0); t.done
True
"""

from __future__ import annotations

from collections.abc import Callable
import math

Easing = Callable[[float], float]


def linear(t: float) -> float:
    """No easing."""
    return t


def ease_out_cubic(t: float) -> float:
    """Fast start, soft landing."""
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    """Soft start and landing."""
    return 4 * t**3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    """Overshoots a little, then settles (for numbers that pop in)."""
    c1 = 1.70158
    return 1 + (c1 + 1) * (t - 1) ** 3 + c1 * (t - 1) ** 2


def lerp(a: float, b: float, t: float) -> float:
    """Linear interpolation."""
    return a + (b - a) * t


def lerp2(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    """Linear interpolation of points."""
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def approach(current: float, target: float, dt: float, rate: float = 14.0) -> float:
    """Move toward ``target`` by the same fraction per second at any frame rate."""
    return target + (current - target) * math.exp(-rate * dt)


class Tween:
    """Progress from 0 to 1 over ``duration`` seconds after ``delay``, eased."""

    def __init__(self, duration: float, ease: Easing = ease_out_cubic, delay: float = 0.0):
        self.duration = max(0.0, duration)
        self.delay = max(0.0, delay)
        self.ease = ease
        self.elapsed = 0.0

    def update(self, dt: float) -> None:
        self.elapsed += dt

    @property
    def started(self) -> bool:
        """Has the delay passed?"""
        return self.elapsed >= self.delay

    @property
    def progress(self) -> float:
        """The linear progress in [0, 1]."""
        if self.duration <= 0:
            return 1.0 if self.started else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    @property
    def value(self) -> float:
        """The eased progress."""
        return self.ease(self.progress)

    @property
    def done(self) -> bool:
        """Has the tween finished?"""
        return self.elapsed >= self.delay + self.duration

    def finish(self) -> None:
        """Jump to the end."""
        self.elapsed = self.delay + self.duration
