"""Assets: the kinds of asset a built-in game's print file names (card-sized pieces, summary
sheets), the print files read and wired to a game's model, the list `pnp list` shows, and the guide
and calibration pages."""
