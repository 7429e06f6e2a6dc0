# The example games (a convenience library shared by pab-bench, the example
# programs and the tests) and the example programs.
noinst_LTLIBRARIES += examples/games/libpabgames.la
examples_games_libpabgames_la_SOURCES = \
	examples/games/games.h examples/games/registry.c \
	examples/games/tictactoe.h examples/games/tictactoe.c
examples_games_libpabgames_la_LIBADD = lib/libpab.la


bin_PROGRAMS += examples/bench/pab-bench examples/tictactoe/pab-tictactoe
examples_bench_pab_bench_SOURCES = examples/bench/pab-bench.c \
	examples/bench/args.h examples/bench/args.c \
	examples/bench/bench.h examples/bench/bench.c \
	examples/bench/compare.h examples/bench/compare.c \
	examples/bench/thesis.h examples/bench/thesis.c
examples_bench_pab_bench_SOURCES += examples/common/ranks.h examples/common/ranks.c
examples_bench_pab_bench_LDADD = examples/games/libpabgames.la lib/libpab.la -lm
# Under mpirun, pab-bench's searches span the ranks (examples/common/ranks.c).
# (its CFLAGS, with MPI's, are in examples/games/tree.mk)
if HAVE_MPI
examples_bench_pab_bench_LDADD += lib/mpi/libpab-mpi.la $(MPI_LIBS)
endif
# The thesis' tree set tg1, for pab-bench compare --positions.
dist_pkgdata_DATA = examples/bench/tg1.txt
examples_tictactoe_pab_tictactoe_SOURCES = examples/tictactoe/pab-tictactoe.c
examples_tictactoe_pab_tictactoe_LDADD = examples/games/libpabgames.la lib/libpab.la

# Each game's fragment appends its module (and bench commands) to the above.
include examples/games/connect4.mk
include examples/games/othello.mk
include examples/games/tree.mk
include examples/games/chess.mk
include examples/chess/local.mk
