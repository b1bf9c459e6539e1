"""The shell's screens: :mod:`.base` (the screen base class), :mod:`.chrome`
(what every screen shares) and :mod:`.picker` (the game picker). Each game's
own screens are in :mod:`companion.ui.games`."""
