# othello: appended to libpabgames by its module (examples/games/othello.c).
