# The bus ends here (bench/mp/boot_cost.py): the names board.py imports, doing nothing.
class I2C:
    def __init__(self, *args, **kw):
        pass

    def writeto(self, addr, buf, stop=True):
        return 0

    def writevto(self, addr, vec, stop=True):
        return 0


class Pin:
    IN = OUT = PULL_UP = PULL_DOWN = IRQ_RISING = IRQ_FALLING = 0

    def __init__(self, *args, **kw):
        pass


class PWM:
    def __init__(self, *args, **kw):
        pass
