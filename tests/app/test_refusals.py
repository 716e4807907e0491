"""A refused key shows its reason and leaves the record as it was."""


def refused(tray, key, reason):
    before = tray.record_lines()
    tray.key(key)
    tray.shows(reason)
    assert tray.record_lines() == before, "a refused %s changed the record" % key


def test_pig_refusals(tray):
    tray.new_game("pig", players=2)
    refused(tray, "BANK", "Roll first")
    refused(tray, "UNDO", "Nothing to undo")
    refused(tray, "4", "Throw first")                # the accelerometer saw no throw
    refused(tray, "PLAYER", "Not in this game")
    refused(tray, "UP", "Not in this game")
    tray.throw(1)
    refused(tray, "SKULL", "No skull here")
    tray.key("4")                                    # accepted
    assert len(tray.actions()) == 1
    refused(tray, "5", "Throw first")                # one throw, one face


def test_bank_refusals(tray):
    tray.new_game("bank", players=3)
    refused(tray, "BANK", "Roll first")
    refused(tray, "PLAYER", "Roll first")
    tray.roll(3, 4)
    tray.key("BANK")                                 # the one shown banks
    tray.throw()
    refused(tray, "BANK", "Key faces first")         # a throw is on the tray
    tray.key("2")
    refused(tray, "BANK", "Key faces first")         # half keyed
    refused(tray, "ROLL", "Key 2 faces")


def test_skulls_refusals(tray):
    tray.new_game("skulls", players=2)               # skull + 2-6
    tray.throw()
    refused(tray, "1", "Faces 2-6,skull")


def test_sixdice_refusals(tray):
    tray.new_game("sixdice", players=2)
    tray.roll(1, 2, 2, 3, 4, 6)                      # one 1: 10 points
    tray.shows("keep", "10")
    refused(tray, "4", "Pick a keep")
    tray.key("OK")
    refused(tray, "BANK", "Need 75 to stop")


def test_tilted_tray_refuses_faces(tray):
    tray.new_game("pig", players=2)
    tray.vb.feed([(0, 0, 0, 1000), (300, 174, 0, 985)])    # 10 degrees, then rest
    tray.vb.run(2000)
    tray.shows("Level the tray")
    refused(tray, "4", "Level the tray")
    tray.vb.feed([(0, 174, 0, 985), (300, 0, 0, 1000)])
    tray.vb.run(2000)
    tray.shows("Throw first")


def test_manual_mode_takes_faces_without_a_throw(manual_tray):
    manual_tray.shows("Manual mode")
    manual_tray.new_game("pig", players=2)
    manual_tray.shows("M", "Key the faces")
    manual_tray.key("4", "5")
    assert manual_tray.actions() == [("roll", [4]), ("roll", [5])]
