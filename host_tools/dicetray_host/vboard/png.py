"""A frame as a PNG (screenshots for tests, docs and `dicetray sim --shots`)."""
import struct
import zlib


def png_bytes(frame, scale=4):
    """An 8-bit greyscale PNG; lit pixels are as bright as the contrast makes them."""
    level = 0 if not frame.brightness else 64 + frame.brightness * 191 // 255
    raw = bytearray()
    for row in frame.rows:
        line = bytearray()
        for p in row:
            line.extend(bytes((level if p else 0,)) * scale)
        for _ in range(scale):
            raw.append(0)  # filter: none
            raw.extend(line)

    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", frame.width * scale, frame.height * scale, 8, 0, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))
