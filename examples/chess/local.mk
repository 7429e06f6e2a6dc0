# pab-chess: the UCI chess engine example (pab-chess(1)), and the script
# that plays it against Stockfish (npm install, then node match.mjs).
bin_PROGRAMS += examples/chess/pab-chess
examples_chess_pab_chess_SOURCES = \
	examples/chess/pab-chess.c examples/chess/pab-chess.h \
	examples/chess/uci.c examples/chess/uci.h \
	examples/chess/timeman.c examples/chess/timeman.h \
	examples/chess/engine.c examples/chess/bench.c examples/chess/play.c \
	examples/chess/direct.c examples/chess/tune.c examples/chess/tune.h \
	examples/chess/tune_play.c examples/chess/tune_net.c
examples_chess_pab_chess_SOURCES += examples/common/ranks.h examples/common/ranks.c
examples_chess_pab_chess_LDADD = examples/games/libpabgames.la lib/libpab.la \
	$(ATOMIC_OPS_LIBS) -lpthread -lm
# Under mpirun, pab-chess searches over every rank and speaks UCI on rank 0.
examples_chess_pab_chess_CFLAGS = $(AM_CFLAGS) $(MPI_CFLAGS) $(ATOMIC_OPS_CFLAGS)
if HAVE_MPI
examples_chess_pab_chess_LDADD += lib/mpi/libpab-mpi.la $(MPI_LIBS)
endif
EXTRA_DIST += examples/chess/match.mjs examples/chess/quality.mjs \
	examples/chess/pgn-tally.mjs \
	examples/chess/quality.epd examples/chess/package.json \
	examples/chess/openings.epd
