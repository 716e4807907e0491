"""Each game's kit text: kits/NAME.py for the game dicetray.games.NAME."""
