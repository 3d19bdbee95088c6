#!/usr/bin/env python3
"""Draw the web app's icons (www/icons/*.png) procedurally: a tile with a city and a
road, no art copied from anywhere. Standard library only. Run: python3 scripts/make-icons.py"""
import math
import struct
import zlib
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "www" / "icons"

BOARD = (29, 40, 32)
FIELD = (140, 191, 90)
CITY = (201, 163, 107)
WALL = (110, 78, 44)
ROAD = (243, 234, 210)
ROAD_EDGE = (150, 135, 100)
MEEPLE = (217, 52, 43)


def pixel(u, v, inset):
    """Colour at (u, v) in 0..1, with the tile inset by `inset` on each side."""
    if not (inset <= u <= 1 - inset and inset <= v <= 1 - inset):
        return BOARD
    x, y = (u - inset) / (1 - 2 * inset), (v - inset) / (1 - 2 * inset)
    # A city cap along the top edge: the inside of a circle centred above the tile.
    d = math.hypot(x - 0.5, y + 0.35)
    if d < 0.72:
        return CITY
    if d < 0.77:
        return WALL
    # A road from the bottom edge to the centre, ending at a small meeple.
    if math.hypot(x - 0.5, y - 0.62) < 0.085:
        return MEEPLE
    if abs(x - 0.5) < 0.07 and y > 0.55:
        return ROAD
    if abs(x - 0.5) < 0.09 and y > 0.55:
        return ROAD_EDGE
    return FIELD


def png(size, inset):
    rows = []
    for j in range(size):
        row = bytearray([0])
        for i in range(size):
            row += bytes(pixel((i + 0.5) / size, (j + 0.5) / size, inset))
        rows.append(bytes(row))
    raw = zlib.compress(b"".join(rows), 9)

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


if __name__ == "__main__":
    OUT.mkdir(parents=True, exist_ok=True)
    # "any" icons fill the square; the maskable one keeps the tile inside the safe zone.
    for name, size, inset in [("icon-192.png", 192, 0.06), ("icon-512.png", 512, 0.06), ("maskable-512.png", 512, 0.2)]:
        (OUT / name).write_bytes(png(size, inset))
        print(OUT / name)
