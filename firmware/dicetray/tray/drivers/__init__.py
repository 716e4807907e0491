"""Device drivers: SSD1306 OLED, LIS3DH accelerometer, key matrix.

Each takes its bus or pins from the caller (see dicetray.tray.board) and
allocates its buffers once.
"""
