# connect4: appended to libpabgames by its module (examples/games/connect4.c).
examples_games_libpabgames_la_SOURCES += \
	examples/games/connect4.h examples/games/connect4.c
