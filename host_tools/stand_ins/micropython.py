"""The `micropython` module for CPython, so the firmware's shared files run
on the host unchanged. Only what the engine uses: const() is the identity."""


def const(value):
    return value
