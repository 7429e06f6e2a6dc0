# tree: appended to libpabgames by its module (examples/games/tree.c).
