# tree: appended to libpabgames by its module (examples/games/tree.c).
examples_games_libpabgames_la_SOURCES += \
	examples/games/tree.h examples/games/tree.c
# The ordering experiment (thesis tables 4.4 and 4.5), run as
# "pab-bench ordering".
examples_bench_pab_bench_SOURCES += \
	examples/bench/ordering.c examples/bench/ordering.h \
	examples/bench/classify.c examples/bench/classify.h
# The classification networks of chapter 5 (tables 5.1 and 5.4), trained
# and run with FANN: "pab-bench train", and scheme C in "pab-bench
# classify".
examples_bench_pab_bench_SOURCES += \
	examples/bench/network.c examples/bench/network.h \
	examples/bench/train.c examples/bench/train.h
examples_bench_pab_bench_CFLAGS = $(AM_CFLAGS) $(FANN_CFLAGS) $(MPI_CFLAGS) \
	-DPAB_NETS_DIR='"$(netsdir)"' \
	-DPAB_SRC_NETS_DIR='"$(abs_top_srcdir)/examples/bench/nets"'
# The five networks of the thesis' orderings, trained by "pab-bench train".
netsdir = $(pkgdatadir)/nets
dist_nets_DATA = examples/bench/nets/tree-32-79-5.net \
	examples/bench/nets/tree-20-69-19.net \
	examples/bench/nets/tree-32-66-66.net \
	examples/bench/nets/tree-32-33-33.net \
	examples/bench/nets/tree-32-0-0.net
examples_bench_pab_bench_LDADD += $(FANN_LIBS)
