#!/usr/bin/env python3
"""png-crop.py IN.png OUT.png WIDTH -- OUT.png is IN.png's left WIDTH pixels (8-bit RGB or RGBA,
not interlaced: what Chromium writes).  Used by report-screenshots.sh: headless Chromium makes
no window narrower than 500 px, so a 420 px page is shot in a frame and cut out.  Pure Python
(zlib), slow on big images but with no library to install."""
import struct
import sys
import zlib


def chunks(data):
    at = 8
    while at < len(data):
        n, kind = struct.unpack(">I4s", data[at:at + 8])
        yield kind, data[at + 8:at + 8 + n]
        at += 12 + n


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else b if pb <= pc else c


def rows(raw, width, height, bpp):
    stride, prev, at = width * bpp, bytearray(width * bpp), 0
    for _ in range(height):
        f, line = raw[at], bytearray(raw[at + 1:at + 1 + stride])
        at += 1 + stride
        if f == 1:
            for i in range(bpp, stride):
                line[i] = (line[i] + line[i - bpp]) & 255
        elif f == 2:
            for i in range(stride):
                line[i] = (line[i] + prev[i]) & 255
        elif f == 3:
            for i in range(stride):
                line[i] = (line[i] + ((line[i - bpp] if i >= bpp else 0) + prev[i]) // 2) & 255
        elif f == 4:
            for i in range(stride):
                a = line[i - bpp] if i >= bpp else 0
                c = prev[i - bpp] if i >= bpp else 0
                line[i] = (line[i] + paeth(a, prev[i], c)) & 255
        yield line
        prev = line


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(
        ">I", zlib.crc32(kind + body) & 0xffffffff)


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    with open(sys.argv[1], "rb") as f:
        data = f.read()
    parts = list(chunks(data))
    ihdr = parts[0][1]
    width, height, depth, ctype, _, _, lace = struct.unpack(">IIBBBBB", ihdr)
    if depth != 8 or ctype not in (2, 6) or lace:
        sys.exit("png-crop.py: only 8-bit RGB or RGBA, not interlaced")
    bpp, keep = (3 if ctype == 2 else 4), min(int(sys.argv[3]), width)
    raw = zlib.decompress(b"".join(b for k, b in parts if k == b"IDAT"))
    out = b"".join(b"\0" + bytes(r[:keep * bpp]) for r in rows(raw, width, height, bpp))
    with open(sys.argv[2], "wb") as f:
        f.write(data[:8] + chunk(b"IHDR", struct.pack(">IIBBBBB", keep, height, 8, ctype, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(out, 9)) + chunk(b"IEND", b""))


if __name__ == "__main__":
    main()
