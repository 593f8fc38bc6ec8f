"""The front ends: the command line, terminal play, simulations, the schemas and the protocol.

They reach the games only through the catalogue (`hogwarts_rules.find_game`,
`hogwarts_rules.games`) and each game's `GameSpec`, never through a game's own
package, so a game added to the catalogue is served, simulated and played by
all of them with no edit here.
"""
