# othello: appended to libpabgames by its module (examples/games/othello.c).
examples_games_libpabgames_la_SOURCES += \
	examples/games/othello.h examples/games/othello.c
