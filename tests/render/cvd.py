"""Simulated colour vision deficiency, for checking that card colours survive it.

Matrices: Machado, Oliveira & Fernandes (2009), "A Physiologically-based Model for
Simulation of Color Vision Deficiency", IEEE TVCG 15(6):1291–1298, table for severity 1.0
(protanopia, deuteranopia). They apply to linear RGB, so sRGB values are linearised first.
"""

from __future__ import annotations

from PIL import Image

Matrix = tuple[tuple[float, float, float], ...]

PROTANOPIA: Matrix = (
    (0.152286, 1.052583, -0.204868),
    (0.114503, 0.786281, 0.099216),
    (-0.003882, -0.048116, 1.051998),
)
DEUTERANOPIA: Matrix = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)


def _to_linear(v: int) -> float:
    c = v / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _to_srgb(c: float) -> int:
    c = min(1.0, max(0.0, c))
    v = c * 12.92 if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055
    return round(v * 255)


def simulate_colour(rgb: tuple[int, int, int], m: Matrix) -> tuple[int, int, int]:
    lin = [_to_linear(v) for v in rgb]
    r, g, b = (_to_srgb(sum(m[i][j] * lin[j] for j in range(3))) for i in range(3))
    return (r, g, b)


def simulate(img: Image.Image, m: Matrix) -> Image.Image:
    """``img`` (RGB) as seen with the deficiency ``m``."""
    data = img.convert("RGB").tobytes()
    cache: dict[bytes, bytes] = {}
    out = bytearray()
    for i in range(0, len(data), 3):
        px = data[i:i + 3]
        sim = cache.get(px)
        if sim is None:
            sim = cache[px] = bytes(simulate_colour((px[0], px[1], px[2]), m))
        out += sim
    return Image.frombytes("RGB", img.size, bytes(out))
