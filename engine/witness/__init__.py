"""Players' entropy and the forum as witness (issue 37): rolls derived with the players'
nonces and the game master's declaration commitment (scheme), each post's place in the
hash chain (chain_line, post_lines), and the check of a game file against the posts the
players saw (posts)."""

from engine.witness import texts as _texts  # noqa: F401 — registers the refusals' Russian
