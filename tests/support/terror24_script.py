"""A whole three-player game of 24, typed as a table would: its setup, then its rounds."""


SETUP = ["Aki=scotch Ben=wolf Chie=hibachi", "s c s", "lloyd after Chie", "Aki", "RB YG RR BP ??? GY ???"]


# A whole 3-player game with the NPC's real cards typed in (--npc-deck physical). The scores below
# were worked out by hand from the rulebook and the provisional event values in cards/terror24.toml.
ROUNDS = [
    ["3 5", "1 2", "0 6", "4"],            # chief Aki: Aki, Ben, Chie, then the NPC's card
    ["0 1", "5 6", "2 3", "5"],            # chief Aki
    ["3 4", "1 5", "4 6", "6"],            # chief Ben: Ben, Chie, Aki
    ["0 2", "1 2", "4 5", "3"],            # chief Aki
    ["YBR", "2 3", "1 2", "2 2", "2"],     # chief Chie: Chie, Aki, Ben
    ["1 2", "0 1", "1 1", "1"],            # chief Chie
    ["BRG", "0 1", "0 1", "1 1", "6"],     # chief Chie; the NPC takes first place and the chief
]


GAME = SETUP + [line for r in ROUNDS for line in r]
