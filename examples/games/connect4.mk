# connect4: appended to libpabgames by its module (examples/games/connect4.c).
