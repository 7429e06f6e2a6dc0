# chess: appended to libpabgames by its module (examples/games/chess*.c).
examples_games_libpabgames_la_SOURCES += \
	examples/games/chess.h examples/games/chess_bits.h \
	examples/games/chess_tune.h examples/games/chess_eval.h \
	examples/games/chess.c \
	examples/games/chess_board.c examples/games/chess_movegen.c \
	examples/games/chess_eval.c examples/games/chess_fen.c \
	examples/games/chess_notation.c examples/games/chess_bk.c \
	examples/games/chess_see.c \
	examples/games/chess_net.h examples/games/chess_net.c \
	examples/games/chess_net_weights.c
