# Print MicroPython's builtin 8x8 framebuf font, one glyph a line:
# "code hex-of-8-column-bytes" (read by dicetray_host.vboard.frames).
import framebuf

buf = bytearray(8)
fb = framebuf.FrameBuffer(buf, 8, 8, framebuf.MONO_VLSB)
for c in range(32, 127):
    fb.fill(0)
    fb.text(chr(c), 0, 0, 1)
    print(c, bytes(buf).hex())
