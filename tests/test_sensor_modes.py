"""Round 38's experiment switch on the LIS3DH's operating mode (traces/sensor_modes.py)."""
import numpy as np
import pytest

from dicetray_host.traces import ensemble


def _z_steps(tr):
    z = np.array(tr.z)
    return np.abs(np.diff(z)).max()


@pytest.mark.parametrize("model", ["felt", "bare"])
def test_high_resolution_at_its_datasheet_bandwidth_blunts_a_hard_die(model):
    # ODR/9 instead of ODR/2: the die's impact is spread over several samples
    plain = ensemble.generate(model, "throw1_hard", 5015, rate_hz=400, range_g=4)
    hr = ensemble.generate(model, "throw1_hard", 5015, rate_hz=400, range_g=4, sensor_mode="datasheet")
    assert plain.throws == hr.throws and len(plain.t_ms) == len(hr.t_ms)
    assert _z_steps(hr) < _z_steps(plain) / 3


@pytest.mark.parametrize("model", ensemble.MODELS)
def test_normal_mode_reads_in_10_bit_steps(model):
    # every model, as the board reads its trays since round 39 (table and
    # hexa, with sensors of their own, ignored the switch until round 39)
    # (resin, round 75, susan, round 76, and bamboo, round 77, draw each
    # tray's own mode: their tray 7 is in normal mode already, resin's tray
    # 9, susan's 13 and bamboo's 10 in a finer one)
    seed = {"resin": 9, "susan": 13, "bamboo": 10}.get(model, 7)
    tr = ensemble.generate(model, "throw2_soft", seed, rate_hz=200, range_g=4, sensor_mode="normal")
    assert all(v % 8 == 0 for v in tr.x + tr.y + tr.z)          # 8 mg a step at +-4 g
    plain = ensemble.generate(model, "throw2_soft", seed, rate_hz=200, range_g=4)
    assert any(v % 8 for v in plain.x + plain.y + plain.z)       # finer steps by default
    assert tr.throws == plain.throws                             # the same tray and throws


@pytest.mark.parametrize("model", ["table", "hexa"])
def test_models_with_their_own_sensor_refuse_the_filter_experiment(model):
    with pytest.raises(ValueError, match="not modelled"):
        ensemble.generate(model, "keys", 1, sensor_mode="datasheet")


def test_an_unknown_sensor_mode_is_refused():
    with pytest.raises(ValueError, match="unknown sensor mode"):
        ensemble.generate("bare", "keys", 1, sensor_mode="hr")
